// NetsnapPages: the HTML pages — the dashboard, three embeddable widgets and the embed guide —
// rendered from the Mustache templates in Templates/ (bundled, each replaceable by the user's).
// The data is shaped here, one page context per template, so templates only place it.
// Rendering is pure: templates are read and checked once when `PageTemplates` is made,
// and `PageRenderer.render` reads no file and no clock. Pages do not fetch anything at
// render time and reference no outside host; their script refreshes them from widgets.json.
