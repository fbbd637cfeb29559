// NetsnapModel: the snapshot contract (schema 1) as Swift values — strict decoding of
// snapshot documents and NetMonitor message streams, with errors that name the JSON path.
// It does not read files, render anything or know about widgets, and it does not parse or
// write JSON text itself: NetsnapJSON does, and this module checks what it reads.
