#pragma once
// A room the order does not name.
