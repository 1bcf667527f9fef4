// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// Designer canvas: a generated 1,000-node / 2,000-link lab, panned and rendered offscreen
// frame after frame (goal: at least 60 frames per second).
#include "FeatureModules.h"
#include "LabDocument.h"
#include "LabScene.h"
#include "LabView.h"
#include "TestLabs.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <benchmark/benchmark.h>

// The composition root of this program: the recipe features, as app/main.cpp installs them.
static const bool featuresInstalled = (Labforge::FeatureModules::install(), true);

using namespace Labforge;

static void BM_PanAndRender(benchmark::State &state)
{
    LabDocument document;
    document.reset(TestLabs::generated(int(state.range(0)), 2));
    LabScene scene(&document);
    LabView view(&scene);
    view.resize(1600, 1000);
    view.show();
    view.zoomBy(0.5);
    QImage frame(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    int step = 0;
    for (auto _ : state) {
        // Pan diagonally across the lab and draw what the viewport shows.
        view.horizontalScrollBar()->setValue(view.horizontalScrollBar()->value() + (step % 200 < 100 ? 37 : -37));
        view.verticalScrollBar()->setValue(view.verticalScrollBar()->value() + (step % 120 < 60 ? 23 : -23));
        ++step;
        QPainter painter(&frame);
        view.render(&painter);
        painter.end();
        benchmark::DoNotOptimize(frame.constBits());
    }
    state.counters["fps"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
    state.SetLabel(std::to_string(document.lab().nodes.size()) + " nodes, "
                   + std::to_string(document.lab().networks.size()) + " networks");
}
BENCHMARK(BM_PanAndRender)->Arg(1000)->Unit(benchmark::kMillisecond)->MinTime(3)->UseRealTime();

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    return 0;
}
