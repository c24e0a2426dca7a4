#include "check.hpp"
