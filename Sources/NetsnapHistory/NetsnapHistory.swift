// NetsnapHistory: the SQLite store (through GRDB) of every snapshot's status, target results
// and device sightings; hourly roll-ups and retention; uptime and latency series; and the
// events detected between consecutive snapshots. It renders nothing and reads no network.
