"""The Jupyter widget: a thin anywidget layer that shows a ``Game`` and plays the page's intents."""

from .board import Yukon

__all__ = ["Yukon"]
