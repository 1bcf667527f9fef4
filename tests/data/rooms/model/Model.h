#pragma once
struct Model
{
};
