"""A club night: many tables, one director (``scoresheet night``).

- :mod:`~scoresheet.night.roster`: the players file;
- :mod:`~scoresheet.night.draw`: the fair, reproducible draw (pure computation);
- :mod:`~scoresheet.night.folder`: the night's folder, its file, opening and closing rounds;
- :mod:`~scoresheet.night.standings`: the ranking, from the tables' game files;
- :mod:`~scoresheet.night.text`: what the commands print.

Nothing here prints or prompts; every file is written through :mod:`scoresheet.store`.
"""
