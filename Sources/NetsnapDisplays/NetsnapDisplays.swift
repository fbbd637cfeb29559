// NetsnapDisplays: the display devices' protocols, apart from HTTP serving. TRMNL's setup,
// display and log answers (pairing, firmware and panel choice, refresh and sleep, screens in
// turn, the handed-out image store) and Tronbyt's brightness and dwell; the registry of
// displays kept in the state folder, their health, events, `displays.json` feed and metrics.
// It imports no HTTP server: NetsnapServer's routes adapt requests to it. It writes the
// display state and images (state folder) and `displays.json` (output folder), atomically.
