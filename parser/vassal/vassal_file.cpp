// Reading a VASSAL save or log (vassal_file.hpp): container, metadata, text, the position when it
// begins, the steps, the position after them.
#include "vassal_file.hpp"

#include "vassal_error.hpp"

#include <fmt/format.h>
#include <pugixml.hpp>

namespace referee::vassal {

void CommandCounts::count(LeafKind kind) {
    switch (kind) {
        case LeafKind::add: ++add; break;
        case LeafKind::remove: ++remove; break;
        case LeafKind::change: ++change; break;
        case LeafKind::move: ++move; break;
        case LeafKind::chat: ++chat; break;
        case LeafKind::empty: ++empty; break;
        default: ++other; break;
    }
}

CommandCounts& CommandCounts::operator+=(const CommandCounts& o) {
    add += o.add;
    remove += o.remove;
    change += o.change;
    move += o.move;
    chat += o.chat;
    other += o.other;
    empty += o.empty;
    return *this;
}

bool looks_like_vassal(std::string_view bytes) { return Archive::looks_like_zip(bytes); }

namespace {

// savedata and moduledata: <data version="1"> with <version>, <VassalVersion>, <dateSaved>,
// <description>, and moduledata's <name> (the one without a lang attribute).
void read_metadata(const Archive& archive, FileMetadata& out, std::vector<std::string>& warnings) {
    auto load = [&](const char* entry, pugi::xml_document& doc) {
        if (!archive.has(entry)) return false;
        const std::string text = archive.read(entry);
        if (!doc.load_buffer(text.data(), text.size())) {
            warnings.push_back(fmt::format("{}: entry '{}' is not readable XML; ignored", archive.label(), entry));
            return false;
        }
        return true;
    };
    pugi::xml_document save;
    if ((out.has_savedata = load("savedata", save))) {
        pugi::xml_node data = save.child("data");
        out.version = data.child_value("version");
        out.vassal_version = data.child_value("VassalVersion");
        out.date_saved = data.child_value("dateSaved");
        out.description = data.child_value("description");
    }
    pugi::xml_document module;
    if ((out.has_moduledata = load("moduledata", module))) {
        pugi::xml_node data = module.child("data");
        for (pugi::xml_node name : data.children("name"))
            if (!name.attribute("lang")) {
                out.module_name = name.child_value();
                break;
            }
        out.module_version = data.child_value("version");
        out.module_vassal_version = data.child_value("VassalVersion");
    }
}

class Reader {
public:
    explicit Reader(VassalFile& file) : file_(file) {}

    void header_leaf(std::string_view raw) {
        const std::string_view leaf = strip_log(raw);
        if (leaf.starts_with("CHECK\trunningVassalVersion<") && file_.running_vassal_version.empty()) {
            std::string_view v = leaf.substr(std::string_view("CHECK\trunningVassalVersion<").size());
            file_.running_vassal_version = std::string(v.substr(0, v.find('\t')));
        }
        apply(leaf, 0);
    }

    void step_leaf(std::string_view raw, Step& step) {
        const std::string_view leaf = strip_log(raw);
        step.counts.count(classify(leaf));
        step.leaves.emplace_back(leaf);
        apply(leaf, step.number);
    }

private:
    void apply(std::string_view leaf, std::size_t step) {
        const LeafKind kind = classify(leaf);
        if (kind == LeafKind::unknown) ++file_.unknown[unknown_key(leaf)];
        const auto [id, e] = file_.final.apply(leaf);
        if (e == nullptr) return;
        const std::string* name = find_property(e->view.persistent, "OldLocationName");
        const std::string* map = find_property(e->view.persistent, "OldMap");
        const std::string* x = find_property(e->view.persistent, "OldX");
        const std::string* y = find_property(e->view.persistent, "OldY");
        if (name == nullptr || map == nullptr || x == nullptr || y == nullptr || map->empty()) return;
        try {
            file_.recorded_names.push_back({step, *id, *map, *name, std::stoll(*x), std::stoll(*y)});
        } catch (const std::exception&) {
        }
    }
    VassalFile& file_;
};

}  // namespace

VassalFile read_vassal_bytes(std::string bytes, const std::string& label, const ArchiveLimits& limits) {
    VassalFile file;
    file.path = label;
    if (!Archive::looks_like_zip(bytes)) {
        const std::size_t text = bytes.find_first_not_of(" \t\r\n", bytes.starts_with("\xEF\xBB\xBF") ? 3 : 0);
        if (text != std::string::npos && bytes[text] == '<')
            throw VassalError(fmt::format("{}: not a VASSAL save or log: XML, as a module's buildFile is (`referee module {}` shows a module)",
                                          label, label));
        throw VassalError(fmt::format("{}: not a VASSAL save or log: not a ZIP archive (VASSAL writes its saves and logs as ZIP "
                                      "archives holding a savedGame entry)", label));
    }
    Archive archive = Archive::from_bytes(std::move(bytes), label, limits);
    if (!archive.has("savedGame")) {
        const bool module = archive.has("buildFile.xml") || archive.has("buildFile");
        throw VassalError(fmt::format("{}: a ZIP archive without a savedGame entry: {}", label,
                                      module ? fmt::format("this is a VASSAL module (give it with --module; `referee module {}` shows it), "
                                                           "not a save or log", label)
                                             : std::string("not a VASSAL save or log")));
    }
    read_metadata(archive, file.metadata, file.warnings);
    Deobfuscated text = deobfuscate(archive.read("savedGame"), label);
    file.encoding = text.encoding;
    TopLevel top = split_top_level(text.text, label);
    text.text.clear();
    text.text.shrink_to_fit();

    Reader reader(file);
    try {
        for (const std::string& command : top.header) for_each_leaf(command, [&](std::string_view leaf) { reader.header_leaf(leaf); });
    } catch (const VassalError& e) {
        throw VassalError(fmt::format("{}: the saved position: {}", label, e.what()));
    }
    top.header.clear();
    file.initial = file.final;
    file.steps.reserve(top.steps.size());
    for (std::size_t i = 0; i < top.steps.size(); ++i) {
        Step& step = file.steps.emplace_back();
        step.number = i + 1;
        try {
            for_each_leaf(top.steps[i], [&](std::string_view leaf) { reader.step_leaf(leaf, step); });
        } catch (const VassalError& e) {
            throw VassalError(fmt::format("{}:step {}: {}", label, step.number, e.what()));
        }
        std::string().swap(top.steps[i]);
        file.totals += step.counts;
    }
    find_undos(file.steps);
    for (const auto& [key, n] : file.unknown)
        file.warnings.push_back(fmt::format("{} command{} of a kind VASSAL itself does not write ('{}', a module's own); counted and skipped",
                                            n, n == 1 ? "" : "s", key));
    return file;
}

VassalFile read_vassal_file(const std::string& path, const ArchiveLimits& limits) {
    return read_vassal_bytes(read_file_bytes(path, limits.max_file_bytes), path, limits);
}

}  // namespace referee::vassal
