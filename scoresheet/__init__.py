"""scoresheet: keep score for card games played at a real table."""

from scoresheet.errors import ScoresheetError

__version__ = "0.1.0"
__all__ = ["ScoresheetError", "__version__"]
