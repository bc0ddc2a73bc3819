from typing import Any

from django import template

register = template.Library()


@register.filter
def get(mapping: Any, key: Any) -> Any:
    """``mapping[key]``, or "" when it has none: for dicts keyed by a loop variable."""
    try:
        return mapping.get(key, "")
    except AttributeError:
        return ""
