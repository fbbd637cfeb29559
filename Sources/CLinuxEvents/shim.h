// epoll and eventfd, which Swift's Glibc module leaves out; header-only, part of glibc.
#include <sys/epoll.h>
#include <sys/eventfd.h>
