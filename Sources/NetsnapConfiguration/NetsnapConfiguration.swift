// NetsnapConfiguration: one Configuration value from defaults < the YAML file < NETSNAP_*
// environment < flags, every key documented (ConfigurationKeys: name, type, default, doc
// line) with the provenance `config show` prints; strict reading that names the file, the
// key path and what was expected. It reads settings; it runs nothing.
