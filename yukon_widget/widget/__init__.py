"""The Jupyter widget: a thin anywidget layer that shows a ``Game`` and plays the page's intents."""

from .board import SaveWarning, Yukon
from .saves import SaveFileError, SaveInUseError

__all__ = ["SaveFileError", "SaveInUseError", "SaveWarning", "Yukon"]
