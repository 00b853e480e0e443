// A C target needs a source file; this one has only its header's declaration
// (LLVMFuzzerMutate is libFuzzer's).
#include "CLibFuzzer.h"
