"""The games this project scores, one package each with the same modules, one per role.

The table of games, and the import of a game's role on first use, are in
:mod:`scoresheet.registry`; what each role provides is in :mod:`scoresheet.roles`.
"""
