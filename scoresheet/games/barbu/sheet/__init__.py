"""Barbu's workbook: where every cell sits, written, and read back and checked."""
