// NetsnapLink: the live link to a NetMonitor agent — a SwiftNIO client reading its JSON Lines
// message stream (snapshots and changes), with reconnection and back-off, handed to the
// watch loop as snapshots.
