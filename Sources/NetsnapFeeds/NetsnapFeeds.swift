// NetsnapFeeds: JSON outputs for other programs — widgets.json, badge.json, summary.json.
// Value in, bytes out: no files, no clock.
