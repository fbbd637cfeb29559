// syncfs(2), which Swift's Glibc module leaves out (glibc declares it only under _GNU_SOURCE);
// part of glibc since 2.14, declared here as glibc declares it.
extern int syncfs(int fd);
