// NetsnapLanguage: the household's language for every surface a person reads — the gettext
// catalogues of po/ compiled in (MessageCatalogue, PluralRule), the messages by their English
// text (Phrase and the other *Phrase enums), and Wording, which picks a locale's words and
// formats its numbers, dates and clock times with Foundation's CLDR data. Foundation only.
