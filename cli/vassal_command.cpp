// `referee vassal` (vassal_command.hpp).
#include "vassal_command.hpp"

#include "inspect.hpp"
#include "vassal_error.hpp"

#include <cstdio>
#include <fmt/format.h>

namespace referee {

using namespace vassal;

int run_vassal(const VassalOptions& opts) {
    if (!opts.locate.empty() && opts.module.empty()) {
        fmt::print(stderr, "referee: vassal: --locate needs the module (--module M): the module's grids name locations\n");
        return 2;
    }
    std::vector<Summary> summaries;
    int status = 0;
    for (const std::string& path : opts.files) {
        try {
            VassalFile file = read_vassal_file(path);
            ModuleView module;
            if (!opts.module.empty())
                throw VassalError(fmt::format("{}: modules are not read yet", opts.module));
            summaries.push_back(summarize(file, module));
            if (opts.format == "text") {
                std::string out = render_vassal_text(summaries.back());
                if (summaries.size() > 1) out.insert(out.begin(), '\n');
                std::fwrite(out.data(), 1, out.size(), stdout);
                std::fflush(stdout);
            }
        } catch (const VassalError& e) {
            std::fflush(stdout);
            fmt::print(stderr, "referee: {}\n", e.what());
            status = 2;
        }
    }
    if (opts.format == "json" && !summaries.empty()) {
        const std::string out = render_vassal_json(summaries);
        std::fwrite(out.data(), 1, out.size(), stdout);
    }
    if (std::fflush(stdout) != 0) {
        fmt::print(stderr, "referee: cannot write the output\n");
        return 2;
    }
    return status;
}

}  // namespace referee
