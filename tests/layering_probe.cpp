// Compiled only by the test `layering_probe` (tests/CMakeLists, EXCLUDE_FROM_ALL): a source of the
// engine layer that includes a header of a layer above it. The build must fail, not finding it.
#include "check.hpp"

int layering_probe() { return 0; }
