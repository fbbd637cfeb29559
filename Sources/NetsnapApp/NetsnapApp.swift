// NetsnapApp: the application behind the executable. One typed job per command (render,
// tile, gather, watch, serve, validate, config, history, maintenance, incident, mqtt and sites
// forget, health, bench) that the executable builds from its arguments and runs; the one
// mapping from errors to documented exit statuses (ExitStatus); and the wiring that puts
// the watch loop, the server, push and the wall of sites together. It parses no arguments.
