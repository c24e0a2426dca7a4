#include "diagnostics.hpp"

namespace referee {

namespace {

using enum Code;
constexpr Severity Error = Severity::Error;
constexpr Severity Warning = Severity::Warning;

// One row a code, in the order of the enum: both are codes.def's rows (checked below all the same).
constexpr CodeInfo kTable[kCodeCount] = {
#define REFEREE_CODE(id, name, severity, strict, cites, what) {id, name, severity, strict, cites, what},
#include "codes.def"
#undef REFEREE_CODE
};

constexpr bool in_order() {
    for (int i = 0; i < kCodeCount; ++i)
        if (static_cast<int>(kTable[i].code) != i) return false;
    return true;
}
static_assert(in_order(), "diagnostics.cpp: one row a code, in the order of enum Code");

}  // namespace

const CodeInfo& code_info(Code c) { return kTable[static_cast<int>(c)]; }
const CodeInfo* code_table() { return kTable; }

}  // namespace referee
