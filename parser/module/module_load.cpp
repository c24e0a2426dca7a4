// Module::load: a module archive, a buildFile, or a folder holding one, recognised by content
// (module.hpp). Images are read only as far as their header (image_head_bytes).
#include "archive.hpp"
#include "image_size.hpp"
#include "module.hpp"
#include "sha256.hpp"
#include "vassal_error.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <system_error>

namespace referee::vassal {

namespace {

namespace fs = std::filesystem;

// The largest real buildFile is under 1 MB. pugixml holds a document of tiny elements in about 18
// times its size: a buildFile of 256 MiB of "<a/>" (which an archive of 512 kB can inflate to) took
// 4.7 GB and 45 s to read; one of 64 MiB takes 1.2 GB and 7.5 s.
constexpr std::uint64_t max_buildfile_bytes = 64ull << 20;

// The name of a board image as a path under images/: a leading '/' and "images/" are dropped, and
// a name that climbs out ("..") or is absolute gives none.
std::optional<std::string> image_entry(std::string_view name) {
    while (name.starts_with('/')) name.remove_prefix(1);
    if (name.starts_with("images/")) name.remove_prefix(7);
    if (name.empty()) return std::nullopt;
    std::size_t start = 0;
    while (start <= name.size()) {
        std::size_t end = name.find_first_of("/\\", start);
        if (end == std::string_view::npos) end = name.size();
        if (name.substr(start, end - start) == "..") return std::nullopt;
        start = end + 1;
    }
    if (name.find(':') != std::string_view::npos) return std::nullopt;
    return "images/" + std::string(name);
}

// The first `n` bytes of a file, or none when it cannot be opened.
std::optional<std::string> file_prefix(const fs::path& path, std::size_t n) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return std::nullopt;
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::string out(n, '\0');
    in.read(out.data(), static_cast<std::streamsize>(n));
    out.resize(static_cast<std::size_t>(in.gcount()));
    return out;
}

bool looks_like_xml(std::string_view bytes) {
    if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
    while (!bytes.empty() && (bytes.front() == ' ' || bytes.front() == '\t' || bytes.front() == '\r' || bytes.front() == '\n'))
        bytes.remove_prefix(1);
    return bytes.starts_with('<');
}

ImageReader folder_images(const fs::path& folder) {
    return [folder](std::string_view name) -> std::optional<std::string> {
        const auto entry = image_entry(name);
        if (!entry) return std::nullopt;
        return file_prefix(folder / *entry, image_head_bytes);
    };
}

}  // namespace

Module Module::from_bytes(std::string bytes, const std::string& label, const ImageReader& folder_images, const LoadOptions& options) {
    if (!Archive::looks_like_zip(bytes)) {
        if (!looks_like_xml(bytes))
            throw VassalError(fmt::format("{}: neither a module archive (ZIP) nor a buildFile (XML)", label));
        Module m = from_buildfile(bytes, label, folder_images, options);
        m.path = label;
        m.sha256 = sha256_hex(bytes);
        return m;
    }
    const std::string hash = sha256_hex(bytes);
    ArchiveLimits limits;
    limits.max_entry_bytes = max_buildfile_bytes;   // the buildFile; images are read only as far as their header
    const Archive archive = Archive::from_bytes(std::move(bytes), label, limits);
    std::string entry;
    for (const char* name : {"buildFile.xml", "buildFile"})
        if (archive.has(name)) {
            entry = name;
            break;
        }
    if (entry.empty())
        throw VassalError(fmt::format("{}: a ZIP archive without buildFile.xml or buildFile: not a VASSAL module", label));
    const std::string xml = archive.read(entry);
    const ImageReader images = [&archive](std::string_view name) -> std::optional<std::string> {
        const auto e = image_entry(name);
        if (!e) return std::nullopt;
        return archive.read_prefix(*e, image_head_bytes);
    };
    Module m = from_buildfile(xml, label + ": " + entry, images, options);
    m.path = label;
    m.buildfile = entry;
    m.sha256 = hash;
    return m;
}

Module Module::load(const std::string& path, const LoadOptions& options) {
    std::error_code ec;
    const fs::path p(path);
    if (fs::is_directory(p, ec)) {
        for (const char* name : {"buildFile.xml", "buildFile"}) {
            const fs::path file = p / name;
            if (!fs::is_regular_file(file, ec)) continue;
            const std::string label = file.string();
            std::string bytes = read_file_bytes(label, max_buildfile_bytes);
            if (Archive::looks_like_zip(bytes) || !looks_like_xml(bytes))
                throw VassalError(fmt::format("{}: not a buildFile (XML)", label));
            Module m = from_bytes(std::move(bytes), label, folder_images(p), options);
            m.path = path;
            return m;
        }
        throw VassalError(fmt::format("{}: a folder without buildFile.xml or buildFile", path));
    }
    std::string bytes = read_file_bytes(path, ArchiveLimits{}.max_file_bytes);
    if (!Archive::looks_like_zip(bytes) && bytes.size() > max_buildfile_bytes)
        throw VassalError(fmt::format("{}: larger than {} bytes and not a ZIP archive: refused", path, max_buildfile_bytes));
    return from_bytes(std::move(bytes), path, folder_images(p.parent_path()), options);
}

}  // namespace referee::vassal
