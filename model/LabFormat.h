#pragma once

#include <QStringList>

namespace Labforge {

// The keys each object of a labforge/lab@1 file may carry. The reader enforces
// them and a test keeps resources/schema/lab.schema.json in step with them.
class LabFormat
{
public:
    enum class Object {
        Lab,
        Network,
        Node,
        Position,
        Interface,
        Disk,
        Recipe,
        Hardware,
        User,
        Service,
        Link,
        Plan,
        Kubernetes,
        Scenario,
        Step,
        Assertion,
        Params,
        Expect,
        Integer,
        Warning,
    };

    static QStringList keys(Object object);
    // The schema's $defs name for an object ("lab", "network", …).
    static QString schemaName(Object object);
    static QList<Object> objects();
};

} // namespace Labforge
