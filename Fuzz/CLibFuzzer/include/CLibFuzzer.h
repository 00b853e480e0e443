// libFuzzer's own mutation, which the target's custom mutator (LLVMFuzzerCustomMutator in
// Fuzz/LibFuzzer) hands part of its work to. libFuzzer defines it; the target links it
// with `-sanitize=fuzzer`.
#ifndef KITSIM_CLIBFUZZER_H
#define KITSIM_CLIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

#endif
