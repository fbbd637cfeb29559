// NetsnapOperations: what running netsnap as a long-lived service needs that is not netsnap's
// own logic — the log handler that escapes hostile text for the journal, giving freed memory
// back to the system, and the health probe a container's HEALTHCHECK runs (one GET of
// /healthz through AsyncHTTPClient).
