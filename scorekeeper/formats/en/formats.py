# English dates as our players have always read them: "24 November 2026", "24 Nov 2026" and
# "24 Nov 2026 21:30": day first and a 24-hour clock, as at the European tables the app
# started at. The other languages take Django's own formats for them (German
# "24. November 2026", Japanese "2026年11月24日").
DATE_FORMAT = "j F Y"
SHORT_DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y H:i"
SHORT_DATETIME_FORMAT = "j M Y H:i"
