"""Views of a scored game: each is computed from one :class:`GameScore`, never from files."""
