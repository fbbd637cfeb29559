// The kernel's rtnetlink interface (message headers, neighbour attributes, NUD states),
// which Swift's Glibc module leaves out; header-only, from linux-libc-dev.
#include <sys/socket.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/neighbour.h>
