// NetsnapPush: push after the watch loop's write. MQTT through libmosquitto (retained state,
// Home Assistant discovery, a last will for availability) and notifications to ntfy and
// webhooks (per-sink kinds, cooldowns, quiet hours, a bounded outbox in the history database,
// retries with back-off). It is fed frames (widgets, new events); it renders no output files,
// reads no snapshot and never makes a watch cycle wait.
