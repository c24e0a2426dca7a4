// The <snapshot> of the XML save (xml-save.md): the position its writer believed it had reached,
// read into g.snapshot (record.hpp): turn and phase, then the units, holdings, scores and tracks it
// states. A bad child is a diagnostic and is left out; the snapshot itself always stands.
#include "xml_reader.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace referee::xml {

void Reader::snapshot(const Elem& e) {
    Snapshot s;
    begin(e, kSnapshotDef);
    s.line = pos_.line;
    if (has(0)) {
        std::int64_t t = 0;
        if (parse_int(0, raw(0), t, 0, kMaxTurnNumber, kTurnWhat)) s.turn = t;
    }
    if (has(1)) {
        // "Union movement": the first word is the side, the rest the phase; one word: no side.
        std::vector<std::string_view> words;
        const std::string_view v = raw(1);
        for (std::size_t i = 0; i < v.size();) {
            while (i < v.size() && is_space(v[i])) ++i;
            std::size_t j = i;
            while (j < v.size() && !is_space(v[j])) ++j;
            if (j > i) words.push_back(v.substr(i, j - i));
            i = j;
        }
        if (words.size() == 1) {
            s.phase = g_.symbols.intern(words[0]);
        } else if (words.size() > 1) {
            s.phase_side = g_.symbols.intern(words[0]);
            std::string rest(words[1]);
            for (std::size_t i = 2; i < words.size(); ++i) (rest += ' ') += words[i];
            s.phase = g_.symbols.intern(rest);
        }
    }
    for_each_element(e.node.first_child(), [&](const Elem& c) {
        const SnapDef* sd = nullptr;
        for (const auto& d : kSnapshotElems)
            if (d.def.key == c.key) sd = &d;
        if (!sd) {
            warn_unknown_element(c, "snapshot");
            return;
        }
        begin(c, sd->def);
        switch (sd->kind) {
            case SnapKind::Unit: {
                SnapshotUnit u;
                u.line = pos_.line;
                u.id = name(0, "a unit id");
                if (has(1)) {
                    const int st = match_keyword<kStatuses>(1);
                    if (st >= 0) u.status = static_cast<UnitStatus>(st);
                }
                u.at = opt_name(2);
                if (has(3)) {
                    std::int64_t v = 0;
                    if (parse_int(3, raw(3), v)) u.strength = v;
                }
                if (!failed_) s.units.push_back(u);
                break;
            }
            case SnapKind::Hold: {
                SnapshotHold h;
                h.line = pos_.line;
                h.loc = name(0, "a location");
                h.side = name(1, "a side");
                if (!failed_) s.holds.push_back(h);
                break;
            }
            case SnapKind::Score:
            case SnapKind::Track: {
                SnapshotValue sv;
                sv.line = pos_.line;
                sv.name = name(0, sd->kind == SnapKind::Score ? "a side" : "a track name");
                sv.value = integer(1, "an integer");
                if (!failed_) (sd->kind == SnapKind::Score ? s.scores : s.tracks).push_back(sv);
                break;
            }
        }
        warn_child_elements(c);
    });
    g_.snapshot = std::move(s);
}

}  // namespace referee::xml
