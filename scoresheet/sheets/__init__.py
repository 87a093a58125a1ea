"""Spreadsheets: a live workbook of a game, blank printable sheets, and auditing workbooks.

openpyxl is imported only inside the functions that need it, so the command line starts
fast; nothing in the scoring layers imports this package.
"""
