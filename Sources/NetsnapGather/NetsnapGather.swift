// NetsnapGather: a live snapshot of this Linux host's network. It reads the kernel's view
// (routes, neighbours, interfaces, Wi-Fi link) and local files (OUI registry, DHCP leases,
// /etc/hosts) without sending anything, and probes only what its configuration names:
// targets, the gateway, a public-IP endpoint and, on request, a sweep of the local subnet.
// It is the only netsnap module that reads /proc or sends packets. It does not parse YAML,
// write snapshot files or render anything: the CLI and the build pipeline do that.
