// Runs a program of the build (referee) as a user would, through the shell: its standard output
// and exit status (-1 when it did not exit). Standard error is discarded. `folder`, when given, is
// where it runs (reports name files as given, so a test that compares them runs where they were made).
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace referee::test {

inline std::pair<std::string, int> run_program(const std::string& program, const std::vector<std::string>& args,
                                               const std::string& folder = "") {
    std::string command = folder.empty() ? "" : "cd '" + folder + "' && ";
    command += "'" + program + "'";
    for (const std::string& a : args) command += " '" + a + "'";   // the tests' own arguments: no quote in them
    command += " 2>/dev/null";
    std::string out;
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) return {"", -1};
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
    const int status = pclose(pipe);
    return {out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

}  // namespace referee::test
