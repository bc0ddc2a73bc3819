from collections.abc import Mapping

from django import template

register = template.Library()


@register.filter
def get(mapping: object, key: object) -> object:
    """``mapping[key]``, or "" when it has none (or is no mapping): for dicts keyed by a loop
    variable."""
    return mapping.get(key, "") if isinstance(mapping, Mapping) else ""
