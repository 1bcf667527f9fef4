// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The designer at scale: generated labs of 500, 2,000 and 5,000 nodes on two networks, each
// node linked to its row neighbour, opened (document, canvas, first frame), validated,
// panned frame after frame, and 100 selected nodes dragged, offscreen. Goals: 2,000 nodes
// open and validate in ≤ 1 s and pan at ≥ 60 frames per second; 5,000 in ≤ 3 s at ≥ 30;
// memory ≤ 1 GiB.
#include "BenchBaseline.h"
#include "FeatureModules.h"
#include "LabDocument.h"
#include "LabScene.h"
#include "LabView.h"
#include "NodeItem.h"
#include "TestLabs.h"
#include "Validator.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <benchmark/benchmark.h>

#include <map>

// The composition root of this program: the recipe features, as app/main.cpp installs them.
static const bool featuresInstalled = (Labforge::FeatureModules::install(), true);

using namespace Labforge;

namespace {

BenchBaseline &baseline()
{
    static BenchBaseline b(QStringLiteral("bench_canvas"));
    return b;
}

struct Scale
{
    double openMs = -1, validateMs = -1, fps = -1, dragMs = -1, memoryMiB = -1;
};
std::map<int, Scale> scales;

// A generated lab of `count` nodes on two networks, each node linked to the next in its row.
Lab scaledLab(int count)
{
    Lab lab = TestLabs::generated(count, 2);
    for (int i = 0; i + 1 < count; ++i) {
        if ((i + 1) % 40 != 0)
            lab.links.append(Link {lab.nodes.at(i).id, lab.nodes.at(i + 1).id, QStringLiteral("big"), {}});
    }
    return lab;
}

double residentMiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
    }
    return -1;
}

// One view of the lab as the designer shows it: 1600×1000, half size.
struct Designer
{
    LabDocument document;
    std::unique_ptr<LabScene> scene;
    std::unique_ptr<LabView> view;
    QImage frame {1600, 1000, QImage::Format_ARGB32_Premultiplied};

    explicit Designer(const Lab &lab)
    {
        document.reset(lab); // validates, as opening a file does
        scene = std::make_unique<LabScene>(&document);
        view = std::make_unique<LabView>(scene.get());
        view->resize(1600, 1000);
        view->show();
        view->zoomBy(0.5);
        paint();
    }
    void paint()
    {
        QPainter painter(&frame);
        view->render(&painter);
    }
};

} // namespace

// Open: the document (with its validation), the canvas items and the first frame.
static void BM_Open(benchmark::State &state)
{
    const Lab lab = scaledLab(int(state.range(0)));
    const double before = residentMiB();
    double after = before;
    for (auto _ : state) {
        Designer designer(lab);
        after = std::max(after, residentMiB());
        benchmark::DoNotOptimize(designer.frame.constBits());
    }
    Scale &s = scales[int(state.range(0))];
    s.memoryMiB = after - before;
    state.SetLabel(std::to_string(lab.nodes.size()) + " nodes, " + std::to_string(lab.links.size()) + " links");
}
BENCHMARK(BM_Open)->Arg(500)->Arg(2000)->Arg(5000)->Iterations(3)->Unit(benchmark::kMillisecond)->UseRealTime();

static void BM_Validate(benchmark::State &state)
{
    const Lab lab = scaledLab(int(state.range(0)));
    for (auto _ : state)
        benchmark::DoNotOptimize(Validator::validate(lab));
}
BENCHMARK(BM_Validate)->Arg(500)->Arg(2000)->Arg(5000)->Unit(benchmark::kMillisecond)->MinTime(1);

static void BM_PanAndRender(benchmark::State &state)
{
    Designer designer(scaledLab(int(state.range(0))));
    LabView &view = *designer.view;
    int step = 0;
    for (auto _ : state) {
        // Pan diagonally across the lab and draw what the viewport shows.
        view.horizontalScrollBar()->setValue(view.horizontalScrollBar()->value() + (step % 200 < 100 ? 37 : -37));
        view.verticalScrollBar()->setValue(view.verticalScrollBar()->value() + (step % 120 < 60 ? 23 : -23));
        ++step;
        designer.paint();
        benchmark::DoNotOptimize(designer.frame.constBits());
    }
    state.counters["fps"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PanAndRender)->Arg(500)->Arg(2000)->Arg(5000)->Unit(benchmark::kMillisecond)->MinTime(2)->UseRealTime();

// Drag: 100 selected nodes moved one grid step (one undo step, the canvas and the problems
// following), then the frame drawn.
static void BM_Drag100(benchmark::State &state)
{
    Designer designer(scaledLab(int(state.range(0))));
    LabScene &scene = *designer.scene;
    for (int i = 0; i < 100; ++i)
        scene.nodeItem(QStringLiteral("node-%1").arg(i * 3))->setSelected(true);
    int step = 0;
    for (auto _ : state) {
        scene.nudgeSelection(QPointF(step++ % 2 ? -NodeItem::Grid : NodeItem::Grid, 0));
        designer.paint();
    }
}
BENCHMARK(BM_Drag100)->Arg(500)->Arg(2000)->Arg(5000)->Unit(benchmark::kMillisecond)->MinTime(1)->UseRealTime();

namespace {

// Keeps each run's mean time per iteration (ms) and its counters, by benchmark and size.
class Collector : public benchmark::ConsoleReporter
{
public:
    void ReportRuns(const std::vector<Run> &runs) override
    {
        ConsoleReporter::ReportRuns(runs);
        for (const Run &run : runs) {
            if (run.error_occurred || run.iterations == 0)
                continue;
            const std::string name = run.benchmark_name();
            const int size = std::stoi(name.substr(name.find('/') + 1));
            const double ms = run.GetAdjustedRealTime()
                * (run.time_unit == benchmark::kMillisecond       ? 1.0
                       : run.time_unit == benchmark::kMicrosecond ? 1e-3
                                                                  : 1e3);
            Scale &s = scales[size];
            if (name.rfind("BM_Open", 0) == 0)
                s.openMs = ms;
            else if (name.rfind("BM_Validate", 0) == 0)
                s.validateMs = ms;
            else if (name.rfind("BM_PanAndRender", 0) == 0)
                s.fps = 1000.0 / ms;
            else if (name.rfind("BM_Drag100", 0) == 0)
                s.dragMs = ms;
        }
    }
};

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    Collector collector;
    benchmark::RunSpecifiedBenchmarks(&collector);
    for (const auto &[size, s] : scales) {
        const QString n = QString::number(size);
        const QString nodes = QStringLiteral("%1 nodes").arg(size);
        const double openGoal = size == 2000 ? 1000 : size == 5000 ? 3000 : -1;
        const double fpsGoal = size == 2000 ? 60 : size == 5000 ? 30 : -1;
        if (s.openMs >= 0)
            baseline().record({QStringLiteral("open_%1_ms").arg(n),
                               nodes + QStringLiteral(": open (validation, canvas, first frame)"), s.openMs,
                               QStringLiteral("ms"), openGoal > 0 ? QStringLiteral("≤ %1 ms").arg(openGoal) : QString(),
                               openGoal});
        if (s.validateMs >= 0)
            baseline().record({QStringLiteral("validate_%1_ms").arg(n), nodes + QStringLiteral(": validation alone"),
                               s.validateMs, QStringLiteral("ms")});
        if (s.fps > 0)
            baseline().record({QStringLiteral("pan_%1_fps").arg(n), nodes + QStringLiteral(": pan, frames per second"),
                               s.fps, QStringLiteral("fps"),
                               fpsGoal > 0 ? QStringLiteral("≥ %1").arg(fpsGoal) : QString()});
        if (s.dragMs >= 0)
            baseline().record({QStringLiteral("drag_%1_ms").arg(n),
                               nodes + QStringLiteral(": drag 100 selected nodes one step"), s.dragMs,
                               QStringLiteral("ms")});
        if (s.memoryMiB >= 0)
            baseline().record({QStringLiteral("memory_%1_mib").arg(n),
                               nodes + QStringLiteral(": resident memory it adds while open"), s.memoryMiB,
                               QStringLiteral("MiB"), QStringLiteral("≤ 1024 MiB"), 1024});
    }
    baseline().finish(&argc, argv);
    return 0;
}
