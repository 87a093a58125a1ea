"""Belote's workbook: where every cell sits and what it holds (:mod:`.layout`), the
workbook written (:mod:`.render`), and a workbook checked and read back (:mod:`.audit`)."""
