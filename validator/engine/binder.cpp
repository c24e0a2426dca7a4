#include "binder.hpp"

#include "diagnostics.hpp"
#include "record_views.hpp"
#include "suggest.hpp"
#include "text.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace referee {

void Binder::grow_to(std::size_t n) {
    if (n <= size_) return;
    for (auto* c : {&sides_, &locs_, &phases_, &tracks_, &units_}) {
        c->resize(n, kUnbound);
        (*c)[0] = -1;
    }
    size_ = n;
}

std::optional<std::int64_t> Binder::value(const Value& v) const {
    if (v.param.empty()) return v.literal;
    for (const auto& [name, val] : params_)
        if (name == v.param) return to_int(val);
    return std::nullopt;
}

std::string Binder::near_param(std::string_view wrong) const {
    Suggestions near(wrong);
    for (const ParamDef& p : s_.params) near.consider(p.name);
    return near.text();
}

void Binder::apply_params(std::span<const Record> header, const CheckOptions& opts, Findings& f) {
    // Precedence: scenario default < `param` record in the game < --param on the command line.
    for (const auto& p : s_.params)
        if (p.default_value) {
            params_.emplace_back(p.name, *p.default_value);
            param_line_.push_back(0);
        }
    auto set = [this](std::string name, std::string val, std::uint32_t line) {
        for (std::size_t i = 0; i < params_.size(); ++i)
            if (params_[i].first == name) {
                params_[i].second = std::move(val);
                param_line_[i] = line;
                return;
            }
        params_.emplace_back(std::move(name), std::move(val));
        param_line_.push_back(line);
    };
    for (const auto& r : header) {
        if (r.kind == Kind::Turn) break;
        if (r.kind != Kind::Param) continue;
        const auto p = rec::param(r);
        const std::string name = lower(str(p.name()));
        if (!s_.find_param(name)) {
            f.add(Code::UnknownParam, r.line, fmt::format("the scenario {} has no parameter '{}'{}", s_.id, str(p.name()), near_param(str(p.name()))));
            continue;
        }
        set(name, std::string(str(p.value())), r.line);
    }
    for (const auto& [n, v] : opts.params) {
        // "ID:NAME" is for the games of scenario ID (or of a scenario that extends it) alone, so
        // that one batch can mix scenarios; a bare NAME is for every game whose scenario has it.
        std::string_view key = n, scope;
        if (const auto colon = key.find(':'); colon != std::string_view::npos) {
            scope = key.substr(0, colon);
            key = key.substr(colon + 1);
        }
        if (!scope.empty() && !iequals(scope, s_.id) && !iequals(scope, s_.extends)) continue;
        const std::string name = lower(key);
        if (!s_.find_param(name)) {
            if (scope.empty()) {   // set for the batch: a game of another scenario goes without it, and says so
                f.note_once(fmt::format("--param {} not used: the scenario {} has no parameter '{}'{}", n, s_.id, key, near_param(key)));
            } else {
                f.input_error(Code::UnknownParam, 0, 0, fmt::format("--param {}: the scenario {} has no parameter '{}'{}", n, s_.id, key, near_param(key)));
            }
            continue;
        }
        set(name, v, 0);
    }
    auto from = [](std::uint32_t line) { return line ? "" : " (from --param)"; };
    // Numeric parameters must be integers: a bad value cannot be judged (exit status 2). Said once
    // for each parameter, however many points rules count with it.
    std::vector<std::string_view> said;
    for (const auto& pr : s_.points) {
        if (pr.value.param.empty() || std::find(said.begin(), said.end(), pr.value.param) != said.end()) continue;
        said.push_back(pr.value.param);
        for (std::size_t i = 0; i < params_.size(); ++i)
            if (params_[i].first == pr.value.param && !to_int(params_[i].second)) {
                const std::uint32_t line = param_line_[i];
                f.input_error(Code::BadValue, line, line ? 1 : 0,
                              fmt::format("parameter {} must be a whole number, not '{}'{}", pr.value.param, params_[i].second, from(line)));
            }
    }
    // The number of game-turns from a parameter (Liberty or Death: winter-quarters, 6 / 4 / 3 rounds).
    turns_ = s_.turns;
    for (std::size_t i = 0; i < params_.size() && !s_.turns_param.empty(); ++i) {
        if (params_[i].first != lower(s_.turns_param)) continue;
        const auto n = to_int(params_[i].second);
        const std::uint32_t line = param_line_[i];
        if (!n || *n < 1 || *n > 10000)
            f.input_error(Code::BadValue, line, line ? 1 : 0,
                          fmt::format("parameter {} must be a whole number of game-turns from 1 to 10000, not '{}'{}", s_.turns_param,
                                      params_[i].second, from(line)));
        else
            turns_ = static_cast<std::int32_t>(*n);
    }
    // L3: the treaty played from the start by a yes/no parameter (`no` does not undo the scenario's).
    for (std::size_t i = 0; i < params_.size() && !s_.treaty.param.empty(); ++i) {
        if (params_[i].first != lower(s_.treaty.param)) continue;
        const std::string v = lower(params_[i].second);
        const std::uint32_t line = param_line_[i];
        if (v == "yes")
            treaty_param_ = true;
        else if (v != "no")
            f.input_error(Code::BadValue, line, line ? 1 : 0,
                          fmt::format("parameter {} is yes or no, not '{}'{}", s_.treaty.param, params_[i].second, from(line)));
    }
    // first-player (G6): where the scenario has the parameter, the named side moves first (clock.cpp).
    for (std::size_t i = 0; i < params_.size(); ++i) {
        if (params_[i].first != "first-player") continue;
        const SideId first = s_.find_side(params_[i].second);
        if (first == kNoSide) {
            const std::uint32_t line = param_line_[i];
            f.input_error(Code::BadValue, line, line ? 1 : 0,
                          fmt::format("parameter first-player: '{}' is not a side of {}{}", params_[i].second, s_.id, from(line)));
            break;
        }
        first_player_ = first;
    }
}

}  // namespace referee
