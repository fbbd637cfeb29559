// NetsnapServer: `netsnap serve` — a read-only HTTP server over the output folder, with
// tiles drawn on demand, the display devices' routes (TRMNL `/api/setup`, `/api/display`,
// `/api/log`, Tronbyt), `/healthz` and Prometheus `/metrics`. The routes for displays are
// thin adapters: what they decide and keep is NetsnapDisplays'. The fast paths that answer
// cached files before the router, and the one access decision every answer asks, are in
// `FastPath/`. It writes no file, never renders JSON or HTML outputs itself and never runs
// the watch loop: those arrive through `WidgetSource`, `TileProvider` and `WatchStatus`.
