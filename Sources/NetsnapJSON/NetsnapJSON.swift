// NetsnapJSON: netsnap's own JSON (RFC 8259) and RFC 3339 text machinery — a strict parser
// that names the line and column of a syntax error (`JSONParser`), the parsed values
// (`JSONValue`), a deterministic writer (`JSONWriter`), fast RFC 3339 dates (`RFC3339`) and a
// quick reader for arrays of flat objects (`FlatObjectArrayScanner`). It depends on
// Foundation only.
//
// It does not know what a snapshot is: no schema, no contract checks, no JSON paths in error
// messages, no escaping of hostile text for logs or pages (NetsnapModel does those). It does
// not read or write files. UnsafeBytes.swift is the one file here, and in NetsnapModel, with
// unsafe pointer code: the byte-level readers and writers go through its index-checked views.
