from django import template

from games.models import Table
from games.tables.forms import play_again_query

register = template.Library()


@register.filter
def play_again(table: Table) -> str:
    """The new-table form's query for another game like this one (forms.play_again_query)."""
    return play_again_query(table)
