// The clock a core really runs at, for comparing machines (docs/performance.md): a VM's
// /proc/cpuinfo shows the nominal frequency, not what the core runs at. A chain of dependent additions retires
// one per cycle on any x86-64 core, so additions per second is cycles per second.
//   gcc -O1 -o /tmp/core-clock bench/core-clock.c && /tmp/core-clock
#include <stdio.h>
#include <time.h>

int main(void) {
  const unsigned long rounds = 2000000000UL;
  unsigned long x = 0;
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (unsigned long i = 0; i < rounds; i++) {
    __asm__ volatile("add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0" : "+r"(x));
  }
  clock_gettime(CLOCK_MONOTONIC, &end);
  double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
  printf("%.2f GHz (%lu dependent additions in %.2f s)\n", 4.0 * (double)rounds / seconds / 1e9, 4 * rounds, seconds);
  return x == 0;
}
