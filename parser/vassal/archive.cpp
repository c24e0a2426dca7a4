// ZIP archives through libzip, from memory (archive.hpp). Nothing here writes to disk.
#include "archive.hpp"

#include "vassal_error.hpp"

#include <zip.h>

#include <algorithm>
#include <fstream>
#include <fmt/format.h>

namespace referee::vassal {

namespace {

bool climbs_out(std::string_view name) {
    if (name.empty()) return false;
    if (name.front() == '/' || name.front() == '\\') return true;
    if (name.size() >= 2 && name[1] == ':') return true;   // C:...
    std::size_t start = 0;
    while (start <= name.size()) {
        std::size_t end = name.find_first_of("/\\", start);
        if (end == std::string_view::npos) end = name.size();
        if (name.substr(start, end - start) == "..") return true;
        start = end + 1;
    }
    return false;
}

std::string zip_message(zip_error_t* error) {
    std::string text = zip_error_strerror(error);
    zip_error_fini(error);
    return text;
}

}  // namespace

struct Archive::Impl {
    std::string label;
    std::string bytes;          // the archive; libzip reads it in place
    ArchiveLimits limits;
    zip_t* zip = nullptr;
    std::vector<std::string> names;
    ~Impl() {
        if (zip != nullptr) zip_discard(zip);
    }

    zip_int64_t index_of(std::string_view name) const {
        std::string key(name);
        // As the names are listed (from_bytes): libzip finds a name through the table it made of
        // them at open, in that form, so a raw name that is not UTF-8 would not be found.
        return zip_name_locate(zip, key.c_str(), ZIP_FL_ENC_GUESS);
    }

    // Reads up to `cap` bytes of entry `index`, refusing it when its declared size breaks a limit
    // (when `whole`) and stopping at the limit whatever the directory says.
    std::string read_index(zip_int64_t index, std::string_view name, std::uint64_t cap, bool whole) const {
        zip_stat_t st;
        zip_stat_init(&st);
        if (zip_stat_index(zip, static_cast<zip_uint64_t>(index), 0, &st) != 0)
            throw VassalError(fmt::format("{}: entry '{}': {}", label, name, zip_strerror(zip)));
        if (whole && (st.valid & ZIP_STAT_SIZE) != 0) {
            if (st.size > limits.max_entry_bytes)
                throw VassalError(fmt::format("{}: entry '{}' is {} bytes uncompressed, over the limit of {} bytes: refused",
                                              label, name, st.size, limits.max_entry_bytes));
            if ((st.valid & ZIP_STAT_COMP_SIZE) != 0 && st.size > (4u << 20) &&
                st.size / std::max<zip_uint64_t>(st.comp_size, 1) > limits.max_ratio)
                throw VassalError(fmt::format("{}: entry '{}' inflates {} bytes to {}, a ratio over {}: refused as a ZIP bomb",
                                              label, name, st.comp_size, st.size, limits.max_ratio));
        }
        zip_file_t* file = zip_fopen_index(zip, static_cast<zip_uint64_t>(index), 0);
        if (file == nullptr)
            throw VassalError(fmt::format("{}: entry '{}' cannot be read: {}", label, name, zip_strerror(zip)));
        std::string out;
        if (whole && (st.valid & ZIP_STAT_SIZE) != 0) out.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(st.size, cap)));
        char buffer[65536];
        for (;;) {
            const std::uint64_t room = cap + (whole ? 1 : 0) - out.size();
            if (room == 0) break;
            const zip_int64_t got = zip_fread(file, buffer, std::min<std::uint64_t>(sizeof buffer, room));
            if (got < 0) {
                std::string why = zip_file_strerror(file);
                zip_fclose(file);
                throw VassalError(fmt::format("{}: entry '{}' is damaged: {}", label, name, why));
            }
            if (got == 0) break;
            out.append(buffer, static_cast<std::size_t>(got));
        }
        zip_fclose(file);
        if (whole && out.size() > cap)
            throw VassalError(fmt::format("{}: entry '{}' inflates past the limit of {} bytes: refused", label, name, cap));
        return out;
    }
};

Archive::Archive(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Archive::Archive(Archive&&) noexcept = default;
Archive& Archive::operator=(Archive&&) noexcept = default;
Archive::~Archive() = default;

bool Archive::looks_like_zip(std::string_view bytes) {
    return bytes.size() >= 4 && bytes[0] == 'P' && bytes[1] == 'K' &&
           ((bytes[2] == '\3' && bytes[3] == '\4') || (bytes[2] == '\5' && bytes[3] == '\6'));
}

std::string read_file_bytes(const std::string& path, std::uint64_t max_bytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw VassalError(fmt::format("{}: cannot be opened", path));
    std::string bytes;
    char buffer[65536];
    while (in) {
        in.read(buffer, sizeof buffer);
        bytes.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (bytes.size() > max_bytes)
            throw VassalError(fmt::format("{}: larger than {} bytes: refused", path, max_bytes));
    }
    if (in.bad()) throw VassalError(fmt::format("{}: cannot be read", path));
    return bytes;
}

Archive Archive::open(const std::string& path, const ArchiveLimits& limits) {
    return from_bytes(read_file_bytes(path, limits.max_file_bytes), path, limits);
}

Archive Archive::from_bytes(std::string bytes, std::string label, const ArchiveLimits& limits) {
    auto impl = std::make_unique<Impl>();
    impl->label = std::move(label);
    impl->bytes = std::move(bytes);
    impl->limits = limits;
    if (!looks_like_zip(impl->bytes))
        throw VassalError(fmt::format("{}: not a ZIP archive", impl->label));
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t* source = zip_source_buffer_create(impl->bytes.data(), impl->bytes.size(), 0, &error);
    if (source == nullptr) throw VassalError(fmt::format("{}: {}", impl->label, zip_message(&error)));
    impl->zip = zip_open_from_source(source, ZIP_RDONLY, &error);
    if (impl->zip == nullptr) {
        zip_source_free(source);
        throw VassalError(fmt::format("{}: not a readable ZIP archive: {}", impl->label, zip_message(&error)));
    }
    zip_error_fini(&error);
    const zip_int64_t count = zip_get_num_entries(impl->zip, 0);
    if (count < 0 || static_cast<std::uint64_t>(count) > limits.max_entries)
        throw VassalError(fmt::format("{}: {} entries, over the limit of {}: refused", impl->label, count, limits.max_entries));
    impl->names.reserve(static_cast<std::size_t>(count));
    for (zip_int64_t i = 0; i < count; ++i) {
        // UTF-8: as written when it is (or flagged so), otherwise converted from CP437, as libzip
        // guesses for a name with no UTF-8 flag (and as a module's buildFile names its images).
        const char* name = zip_get_name(impl->zip, static_cast<zip_uint64_t>(i), ZIP_FL_ENC_GUESS);
        if (name == nullptr) throw VassalError(fmt::format("{}: entry {} has no readable name", impl->label, i + 1));
        if (climbs_out(name))
            throw VassalError(fmt::format("{}: entry name '{}' leaves the archive's folder: refused", impl->label, name));
        impl->names.emplace_back(name);
    }
    return Archive(std::move(impl));
}

const std::string& Archive::label() const { return impl_->label; }
const std::vector<std::string>& Archive::names() const { return impl_->names; }
bool Archive::has(std::string_view name) const { return impl_->index_of(name) >= 0; }

std::string Archive::read(std::string_view name) const {
    const zip_int64_t index = impl_->index_of(name);
    if (index < 0) throw VassalError(fmt::format("{}: no entry '{}'", impl_->label, name));
    return impl_->read_index(index, name, impl_->limits.max_entry_bytes, true);
}

std::optional<std::string> Archive::read_prefix(std::string_view name, std::size_t n) const {
    const zip_int64_t index = impl_->index_of(name);
    if (index < 0) return std::nullopt;
    return impl_->read_index(index, name, n, false);
}

}  // namespace referee::vassal
