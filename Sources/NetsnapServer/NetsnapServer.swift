// NetsnapServer: `netsnap serve` — a read-only HTTP server over the output folder, with
// tiles drawn on demand, a TRMNL-compatible `/api/display`, `/healthz` and Prometheus
// `/metrics`. It never writes a file, never renders JSON or HTML outputs itself and never
// runs the watch loop: those arrive through `WidgetSource`, `TileProvider` and `WatchStatus`.
