// SPDX-License-Identifier: Apache-2.0
/*
 * Reset and fault handling for the firmware image on the MPS2 AN386
 * (Cortex-M4), with newlib's semihosting library (librdimon) for standard
 * output and exit. QEMU starts at the vector table at address 0.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern uint32_t __bss_start__[], __bss_end__[], __stack_top[];
extern void initialise_monitor_handles(void);
extern void __libc_init_array(void);
int main(void);

/* crti.o's hooks, which -nostartfiles leaves out; __libc_init_array calls them. */
void _init(void) {}
void _fini(void) {}

void reset_handler(void) {
  memset(__bss_start__, 0, (size_t)((char *)__bss_end__ - (char *)__bss_start__));
  initialise_monitor_handles();
  __libc_init_array();
  exit(main());
}

/* A trap (a failed Swift precondition is `udf`) or any other fault: say so and stop. */
static void fault_handler(void) {
  printf("firmware: fault (a trapped precondition or a bad access)\n");
  exit(3);
}

__attribute__((section(".vectors"), used)) static void (*const vectors[16])(void) = {
  (void (*)(void))__stack_top, /* initial stack pointer */
  reset_handler,
  fault_handler, /* NMI */
  fault_handler, /* HardFault */
  fault_handler, /* MemManage */
  fault_handler, /* BusFault */
  fault_handler, /* UsageFault */
};
