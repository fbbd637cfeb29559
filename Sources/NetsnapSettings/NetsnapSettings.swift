// NetsnapSettings: the settings core every feature builds on — a key's declaration
// (ConfigurationKey), the catalogue of keys (KeyCatalogue), strict reading of the YAML file
// (ConfigurationReader), the layers defaults < presets < file < NETSNAP_* < flags with each
// value's provenance (SettingsLayers), and `config show` / `config reference`. It knows no
// feature: each module declares its own keys and reads its own section with it.
