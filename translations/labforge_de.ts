<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Labforge::AssertionListModel</name>
    <message>
        <source>running (attempt %1, %2 s)</source>
        <translation>läuft (Versuch %1, %2 s)</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Assertion</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Compared run</source>
        <translation>Verglichener Lauf</translation>
    </message>
</context>
<context>
    <name>Labforge::AssertionTypes</name>
    <message>
        <source>Runs the command on the node; passes when it exits 0 and its output meets the expectation</source>
        <translation>Führt den Befehl auf dem Knoten aus; erfüllt, wenn er mit 0 endet und seine Ausgabe der Erwartung entspricht</translation>
    </message>
    <message>
        <source>Runs the command on the node; passes when it exits 0 in time</source>
        <translation>Führt den Befehl auf dem Knoten aus; erfüllt, wenn er rechtzeitig mit 0 endet</translation>
    </message>
    <message>
        <source>Powers the node&apos;s VM off hard, starts it, and passes when it answers again with a new boot id in time</source>
        <translation>Schaltet die VM des Knotens hart aus, startet sie und ist erfüllt, wenn sie rechtzeitig mit neuer Boot-ID wieder antwortet</translation>
    </message>
</context>
<context>
    <name>Labforge::AssertionsDock</name>
    <message>
        <source>Failed only</source>
        <translation>Nur fehlgeschlagene</translation>
    </message>
    <message>
        <source>%1 on %2: %3
</source>
        <translation>%1 auf %2: %3
</translation>
    </message>
    <message>
        <source>expected: %1
</source>
        <translation>erwartet: %1
</translation>
    </message>
    <message>
        <source>command:
%1
</source>
        <translation>Befehl:
%1
</translation>
    </message>
    <message>
        <source>--- attempt %1: %2</source>
        <translation>--- Versuch %1: %2</translation>
    </message>
    <message>
        <source> (exit %1)</source>
        <translation> (Exit-Status %1)</translation>
    </message>
    <message>
        <source>stderr:
%1
</source>
        <translation>stderr:
%1
</translation>
    </message>
</context>
<context>
    <name>Labforge::BuildAndBootDialog</name>
    <message>
        <source>Build and boot %1</source>
        <translation>%1 bauen und starten</translation>
    </message>
    <message>
        <source>Memory scale</source>
        <translation>Speicherfaktor</translation>
    </message>
    <message>
        <source>automatic (KVM when it works, else TCG)</source>
        <translation>automatisch (KVM, wenn es funktioniert, sonst TCG)</translation>
    </message>
    <message>
        <source>TCG (emulation)</source>
        <translation>TCG (Emulation)</translation>
    </message>
    <message>
        <source>Accelerator</source>
        <translation>Beschleuniger</translation>
    </message>
    <message>
        <source>Isolated network (no forwarding)</source>
        <translation>Isoliertes Netzwerk (keine Weiterleitung)</translation>
    </message>
    <message>
        <source>libvirt URI</source>
        <translation>libvirt-URI</translation>
    </message>
    <message>
        <source>Node images built at the same time</source>
        <translation>Gleichzeitig gebaute Knoten-Images</translation>
    </message>
    <message>
        <source>Parallel image builds</source>
        <translation>Parallele Image-Builds</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>automatic (from the guests per host core)</source>
        <translation>automatisch (aus Gästen je Host-Kern)</translation>
    </message>
    <message>
        <source>SSH wait per node</source>
        <translation>SSH-Wartezeit je Knoten</translation>
    </message>
    <message>
        <source>Keep the VMs of a failed boot for inspection</source>
        <translation>VMs eines fehlgeschlagenen Starts zur Untersuchung behalten</translation>
    </message>
    <message>
        <source>built-in lock</source>
        <translation>eingebaute Sperrdatei</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Pins lock</source>
        <translation>Pins-Sperrdatei</translation>
    </message>
    <message>
        <source>Pins locks (*.json);;All files (*)</source>
        <translation>Pins-Sperrdateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Allocate and boot</source>
        <translation>Zuteilen und starten</translation>
    </message>
    <message>
        <source>Pins lock %1: %2</source>
        <translation>Pins-Sperrdatei %1: %2</translation>
    </message>
    <message>
        <source>The guests need %1 MiB, more than %2% of this host&apos;s %3 MiB: lower Memory scale.</source>
        <translation>Die Gäste brauchen %1 MiB, mehr als %2 % der %3 MiB dieses Rechners: verringern Sie den Speicherfaktor.</translation>
    </message>
    <message>
        <source>The libvirt URI is empty.</source>
        <translation>Die libvirt-URI ist leer.</translation>
    </message>
    <message>
        <source>FIRST PULL: upstream publishes no digest for %1; the lock trusts the first download.</source>
        <translation>ERSTER ABRUF: Für %1 veröffentlicht das Projekt keine Prüfsumme; der Lock vertraut dem ersten Download.</translation>
    </message>
    <message>
        <source>No digest in the pins lock for %1: the image build refuses them until `labforge pins lock` pins them.</source>
        <translation>Keine Prüfsumme im Pins-Lock für %1: Der Image-Bau verweigert sie, bis `labforge pins lock` sie festlegt.</translation>
    </message>
</context>
<context>
    <name>Labforge::Commands</name>
    <message>
        <source>Link %1 to %2</source>
        <translation>%1 mit %2 verbinden</translation>
    </message>
    <message>
        <source>Add node %1</source>
        <translation>Knoten %1 hinzufügen</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>%1 bearbeiten</translation>
    </message>
    <message>
        <source>Edit %1 of %2</source>
        <translation>%1 von %2 bearbeiten</translation>
    </message>
    <message>
        <source>Move node %1</source>
        <translation>Knoten %1 verschieben</translation>
    </message>
    <message numerus="yes">
        <source>Move %n node(s)</source>
        <translation>
            <numerusform>%n Knoten verschieben</numerusform>
            <numerusform>%n Knoten verschieben</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete node %1</source>
        <translation>Knoten %1 löschen</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n link(s)</source>
        <translation>
            <numerusform>%n Verbindung löschen</numerusform>
            <numerusform>%n Verbindungen löschen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n node(s)</source>
        <translation>
            <numerusform>%n Knoten löschen</numerusform>
            <numerusform>%n Knoten löschen</numerusform>
        </translation>
    </message>
    <message>
        <source>Readdress %1 to %2</source>
        <translation>%1 auf %2 umadressieren</translation>
    </message>
    <message>
        <source>Rename %1 to %2</source>
        <translation>%1 in %2 umbenennen</translation>
    </message>
</context>
<context>
    <name>Labforge::DisksEditor</name>
    <message>
        <source>Disks</source>
        <translation>Datenträger</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Bus</source>
        <translation>Bus</translation>
    </message>
    <message>
        <source>Serial</source>
        <translation>Seriennummer</translation>
    </message>
    <message>
        <source>Add disk</source>
        <translation>Datenträger hinzufügen</translation>
    </message>
    <message>
        <source>Remove disk</source>
        <translation>Datenträger entfernen</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
</context>
<context>
    <name>Labforge::FeaturesEditor</name>
    <message>
        <source>Features</source>
        <translation>Funktionen</translation>
    </message>
</context>
<context>
    <name>Labforge::KubernetesEditor</name>
    <message>
        <source>Add Kubernetes plan</source>
        <translation>Kubernetes-Plan hinzufügen</translation>
    </message>
    <message>
        <source>Adds plan.kubernetes: a kubeadm cluster of this lab&apos;s nodes.</source>
        <translation>Fügt plan.kubernetes hinzu: ein kubeadm-Cluster aus den Knoten dieses Labors.</translation>
    </message>
    <message>
        <source>Kubernetes (plan.kubernetes)</source>
        <translation>Kubernetes (plan.kubernetes)</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Controller</source>
        <translation>Controller</translation>
    </message>
    <message>
        <source>The nodes that join the cluster as workers.</source>
        <translation>Die Knoten, die dem Cluster als Worker beitreten.</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Pod subnet</source>
        <translation>Pod-Subnetz</translation>
    </message>
    <message>
        <source>Service subnet</source>
        <translation>Service-Subnetz</translation>
    </message>
    <message>
        <source>Flannel is the only CNI labforge generates; its net-conf Network follows the pod subnet.</source>
        <translation>Flannel ist das einzige CNI, das labforge erzeugt; sein net-conf-Netzwerk folgt dem Pod-Subnetz.</translation>
    </message>
    <message>
        <source>CNI</source>
        <translation>CNI</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Token lifetime</source>
        <translation>Token-Lebensdauer</translation>
    </message>
    <message>
        <source>Remove Kubernetes plan</source>
        <translation>Kubernetes-Plan entfernen</translation>
    </message>
    <message>
        <source>Kubernetes plan</source>
        <translation>Kubernetes-Plan</translation>
    </message>
    <message>
        <source>%1 (no such node)</source>
        <translation>%1 (kein solcher Knoten)</translation>
    </message>
    <message>
        <source>The controller is not a worker.</source>
        <translation>Der Controller ist kein Worker.</translation>
    </message>
</context>
<context>
    <name>Labforge::LabNameEditor</name>
    <message>
        <source>Lab name</source>
        <translation>Name des Labors</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>lab name</source>
        <translation>Name des Labors</translation>
    </message>
    <message>
        <source>description</source>
        <translation>Beschreibung</translation>
    </message>
</context>
<context>
    <name>Labforge::LabScene</name>
    <message>
        <source>A node cannot be linked to itself.</source>
        <translation>Ein Knoten kann nicht mit sich selbst verbunden werden.</translation>
    </message>
    <message>
        <source>%1 and %2 are already linked.</source>
        <translation>%1 und %2 sind bereits verbunden.</translation>
    </message>
    <message>
        <source>Linked %1 to %2.</source>
        <translation>%1 mit %2 verbunden.</translation>
    </message>
    <message>
        <source>The clipboard does not hold labforge nodes.</source>
        <translation>Die Zwischenablage enthält keine labforge-Knoten.</translation>
    </message>
    <message numerus="yes">
        <source>Paste %n node(s)</source>
        <translation>
            <numerusform>%n Knoten einfügen</numerusform>
            <numerusform>%n Knoten einfügen</numerusform>
        </translation>
    </message>
    <message>
        <source>Link cancelled.</source>
        <translation>Verbindung abgebrochen.</translation>
    </message>
    <message>
        <source>Release the link on another node to connect them.</source>
        <translation>Lassen Sie die Verbindung über einem anderen Knoten los, um beide zu verbinden.</translation>
    </message>
    <message>
        <source>Copy IP Address</source>
        <translation>IP-Adresse kopieren</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplizieren</translation>
    </message>
    <message>
        <source>Ctrl+D</source>
        <translation>Ctrl+D</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <source>Add node %1</source>
        <translation>Knoten %1 hinzufügen</translation>
    </message>
    <message>
        <source>Join node %1</source>
        <translation>Knoten %1 einbinden</translation>
    </message>
</context>
<context>
    <name>Labforge::LinkItem</name>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>Labforge::MainWindow</name>
    <message>
        <source>Palette</source>
        <translation>Palette</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schwere</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>&lt;opened&gt;</source>
        <translation>&lt;geöffnet&gt;</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New from Template</source>
        <translation>&amp;Neu aus Vorlage</translation>
    </message>
    <message>
        <source>New &amp;Blank Lab</source>
        <translation>Neues &amp;leeres Labor</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open lab</source>
        <translation>Labor öffnen</translation>
    </message>
    <message>
        <source>labforge labs (*.lab.json *.json)</source>
        <translation>labforge-Labore (*.lab.json *.json)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Export Diagram…</source>
        <translation>Diagramm &amp;exportieren…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>D&amp;uplizieren</translation>
    </message>
    <message>
        <source>Ctrl+D</source>
        <translation>Ctrl+D</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Einfügen</translation>
    </message>
    <message>
        <source>Copy &amp;IP Address</source>
        <translation>&amp;IP-Adresse kopieren</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>&amp;Alles auswählen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>Zoom to &amp;Fit</source>
        <translation>&amp;Einpassen</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>Select</source>
        <translation>Auswählen</translation>
    </message>
    <message>
        <source>V</source>
        <translation>V</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Valid</source>
        <translation>Gültig</translation>
    </message>
    <message>
        <source>%1 error(s), %2 warning(s)</source>
        <translation>%1 Fehler, %2 Warnung(en)</translation>
    </message>
    <message>
        <source>%1[*] — labforge</source>
        <translation>%1[*] — labforge</translation>
    </message>
    <message>
        <source>Cannot open lab</source>
        <translation>Labor kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>Speichern nicht möglich</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Save lab</source>
        <translation>Labor speichern</translation>
    </message>
    <message>
        <source>labforge labs (*.lab.json)</source>
        <translation>labforge-Labore (*.lab.json)</translation>
    </message>
    <message>
        <source>Export diagram</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>Images (*.png *.svg)</source>
        <translation>Bilder (*.png *.svg)</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>Export nicht möglich</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>The lab has unsaved changes. Save them?</source>
        <translation>Das Labor hat ungespeicherte Änderungen. Speichern?</translation>
    </message>
    <message>
        <source>Recover unsaved work?</source>
        <translation>Ungespeicherte Arbeit wiederherstellen?</translation>
    </message>
    <message>
        <source>labforge found unsaved changes to lab &quot;%1&quot; from %2. Recover them?</source>
        <translation>labforge hat ungespeicherte Änderungen am Labor „%1“ vom %2 gefunden. Wiederherstellen?</translation>
    </message>
    <message>
        <source>Copied %1</source>
        <translation>%1 kopiert</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Prüfansicht</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Ctrl+Y</source>
        <translation>Ctrl+Y</translation>
    </message>
    <message>
        <source>Add &amp;Node</source>
        <translation>&amp;Knoten hinzufügen</translation>
    </message>
    <message>
        <source>Add Node of Role…</source>
        <translation>Knoten einer Rolle hinzufügen…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+N</source>
        <translation>Ctrl+Shift+N</translation>
    </message>
    <message>
        <source>Add node</source>
        <translation>Knoten hinzufügen</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>&amp;Link Selected Nodes</source>
        <translation>Ausgewählte Knoten &amp;verbinden</translation>
    </message>
    <message>
        <source>Ctrl+Shift+L</source>
        <translation>Ctrl+Shift+L</translation>
    </message>
    <message>
        <source>Select exactly two nodes to link them.</source>
        <translation>Wählen Sie genau zwei Knoten aus, um sie zu verbinden.</translation>
    </message>
    <message>
        <source>&amp;Rename Node</source>
        <translation>Knoten &amp;umbenennen</translation>
    </message>
    <message>
        <source>&amp;Find Node</source>
        <translation>Knoten &amp;finden</translation>
    </message>
    <message>
        <source>Find node (Ctrl+F)</source>
        <translation>Knoten finden (Strg+F)</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>&amp;Bereiche</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>No node matches &quot;%1&quot;.</source>
        <translation>Kein Knoten passt zu „%1“.</translation>
    </message>
</context>
<context>
    <name>Labforge::NetworksEditor</name>
    <message>
        <source>Networks</source>
        <translation>Netzwerke</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>CIDR</source>
        <translation>CIDR</translation>
    </message>
    <message>
        <source>Gateway</source>
        <translation>Gateway</translation>
    </message>
    <message>
        <source>Default route</source>
        <translation>Standardroute</translation>
    </message>
    <message>
        <source>DNS servers</source>
        <translation>DNS-Server</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a network in CIDR notation such as 10.50.0.0/24 (%2); the CIDR is unchanged.</source>
        <translation>„%1“ ist kein Netzwerk in CIDR-Schreibweise wie 10.50.0.0/24 (%2); das CIDR bleibt unverändert.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an IPv4 address such as 10.50.0.1; the gateway is unchanged.</source>
        <translation>„%1“ ist keine IPv4-Adresse wie 10.50.0.1; das Gateway bleibt unverändert.</translation>
    </message>
    <message>
        <source>networks</source>
        <translation>Netzwerke</translation>
    </message>
    <message>
        <source>The nodes&apos; default route goes through this network&apos;s gateway.</source>
        <translation>Die Standardroute der Knoten führt über das Gateway dieses Netzwerks.</translation>
    </message>
</context>
<context>
    <name>Labforge::NodeHardwareEditor</name>
    <message>
        <source>Min vCPUs</source>
        <translation>Min. vCPUs</translation>
    </message>
    <message>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <source>Min RAM</source>
        <translation>Min. RAM</translation>
    </message>
    <message>
        <source>Base image</source>
        <translation>Basis-Image</translation>
    </message>
</context>
<context>
    <name>Labforge::NodeIdentityEditor</name>
    <message>
        <source>Node id</source>
        <translation>Knoten-ID</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Netzwerk</translation>
    </message>
    <message>
        <source>IP address</source>
        <translation>IP-Adresse</translation>
    </message>
</context>
<context>
    <name>Labforge::NodeItem</name>
    <message>
        <source>no address</source>
        <translation>keine Adresse</translation>
    </message>
    <message>
        <source>%1 passed, %2 failed</source>
        <translation>%1 bestanden, %2 fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>Labforge::PackagesEditor</name>
    <message>
        <source>extra Debian packages, separated by spaces</source>
        <translation>zusätzliche Debian-Pakete, durch Leerzeichen getrennt</translation>
    </message>
    <message>
        <source>Packages</source>
        <translation>Pakete</translation>
    </message>
</context>
<context>
    <name>Labforge::PlanSummaryText</name>
    <message>
        <source>Lab %1 will take:</source>
        <translation>Lab %1 belegt:</translation>
    </message>
    <message>
        <source>%1 VM(s): %2 MiB guest RAM (memory scale %3 of the recipes&apos; minimums), %4 vCPU(s)</source>
        <translation>%1 VM(s): %2 MiB Gast-RAM (Speicherfaktor %3 der Mindestwerte der Rezepte), %4 vCPU(s)</translation>
    </message>
    <message>
        <source>%1 system disk(s) (copy-on-write over the cached images), %2 data disk(s) of %3 GiB (sparse)</source>
        <translation>%1 Systemplatte(n) (Copy-on-Write über den zwischengespeicherten Images), %2 Datenplatte(n) mit %3 GiB (dünn belegt)</translation>
    </message>
    <message>
        <source>network %1 (bridge %2, %3)</source>
        <translation>Netz %1 (Bridge %2, %3)</translation>
    </message>
    <message>
        <source>NAT to the host&apos;s uplink</source>
        <translation>NAT zum Uplink des Hosts</translation>
    </message>
    <message>
        <source>isolated</source>
        <translation>isoliert</translation>
    </message>
    <message>
        <source>This host has %1 MiB of RAM and %2 CPU(s); libvirt at %3.</source>
        <translation>Dieser Host hat %1 MiB RAM und %2 CPU(s); libvirt unter %3.</translation>
    </message>
    <message>
        <source>The guests would take more than %1% of this host&apos;s memory: lower %2.</source>
        <translation>Die Gäste würden mehr als %1 % des Speichers dieses Hosts belegen: %2 senken.</translation>
    </message>
    <message>
        <source>Warnings of this lab:</source>
        <translation>Warnungen dieses Labs:</translation>
    </message>
</context>
<context>
    <name>Labforge::ReviewPanel</name>
    <message>
        <source>Generated file</source>
        <translation>Erzeugte Datei</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Select a node to review what its image will contain.</source>
        <translation>Wählen Sie einen Knoten, um zu sehen, was sein Image enthalten wird.</translation>
    </message>
    <message>
        <source>%1: %2 packages, %3 files, %4 units, %5 pinned artifacts</source>
        <translation>%1: %2 Pakete, %3 Dateien, %4 Units, %5 festgelegte Artefakte</translation>
    </message>
    <message>
        <source>%1 cannot be generated:
%2</source>
        <translation>%1 kann nicht erzeugt werden:
%2</translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation>→ %1</translation>
    </message>
    <message>
        <source>packages, units, artifacts</source>
        <translation>Pakete, Units, Artefakte</translation>
    </message>
    <message>
        <source>Debian packages:
  %1

Units enabled:
  %2

Build commands:
  %3

Pinned artifacts:
</source>
        <translation>Debian-Pakete:
  %1

Aktivierte Units:
  %2

Bau-Befehle:
  %3

Festgelegte Artefakte:
</translation>
    </message>
    <message>
        <source>no SHA-256 recorded</source>
        <translation>keine SHA-256 erfasst</translation>
    </message>
    <message>
        <source>published</source>
        <translation>veröffentlicht</translation>
    </message>
    <message>
        <source>reproduced</source>
        <translation>nachgebaut</translation>
    </message>
    <message>
        <source>FIRST PULL: taken from the first download, not published upstream</source>
        <translation>ERSTER ABRUF: vom ersten Download übernommen, nicht vom Projekt veröffentlicht</translation>
    </message>
</context>
<context>
    <name>Labforge::RunProgressPanel</name>
    <message>
        <source>No run yet. Run ▸ Build and Boot starts one; its stages and nodes show here.</source>
        <translation>Noch kein Lauf. Lauf ▸ Bauen und starten beginnt einen; seine Phasen und Knoten erscheinen hier.</translation>
    </message>
    <message>
        <source>Stages</source>
        <translation>Phasen</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Base system</source>
        <translation>Basissystem</translation>
    </message>
    <message>
        <source>Node images</source>
        <translation>Knoten-Images</translation>
    </message>
    <message>
        <source>Secrets and disks</source>
        <translation>Geheimnisse und Datenträger</translation>
    </message>
    <message>
        <source>Networks</source>
        <translation>Netzwerke</translation>
    </message>
    <message>
        <source>Boot</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>SSH reachable</source>
        <translation>Per SSH erreichbar</translation>
    </message>
    <message>
        <source>Scenarios</source>
        <translation>Szenarien</translation>
    </message>
    <message>
        <source>Clean-up</source>
        <translation>Aufräumen</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>building</source>
        <translation>wird gebaut</translation>
    </message>
    <message>
        <source>built</source>
        <translation>gebaut</translation>
    </message>
    <message>
        <source>image unchanged</source>
        <translation>Image unverändert</translation>
    </message>
    <message>
        <source>booting</source>
        <translation>startet</translation>
    </message>
    <message>
        <source>up</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>testing</source>
        <translation>wird geprüft</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>running for %1</source>
        <translation>läuft seit %1</translation>
    </message>
    <message>
        <source>done in %1</source>
        <translation>fertig nach %1</translation>
    </message>
    <message>
        <source>failed after %1</source>
        <translation>fehlgeschlagen nach %1</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%1 seit %2</translation>
    </message>
    <message>
        <source> · %1 of %2 checks passed</source>
        <translation> · %1 von %2 Prüfungen bestanden</translation>
    </message>
    <message>
        <source>Accelerator check</source>
        <translation>Beschleuniger-Prüfung</translation>
    </message>
</context>
<context>
    <name>Labforge::RunWorkbench</name>
    <message>
        <source>Assertions</source>
        <translation>Prüfungen</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Run finished with problems</source>
        <translation>Lauf mit Problemen beendet</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Lauf</translation>
    </message>
    <message>
        <source>&amp;Build and Boot…</source>
        <translation>&amp;Bauen und starten…</translation>
    </message>
    <message>
        <source>Ctrl+B</source>
        <translation>Ctrl+B</translation>
    </message>
    <message>
        <source>Run &amp;Scenarios</source>
        <translation>&amp;Szenarien ausführen</translation>
    </message>
    <message>
        <source>Ctrl+T</source>
        <translation>Ctrl+T</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>Lauf &amp;abbrechen</translation>
    </message>
    <message>
        <source>Ctrl+.</source>
        <translation>Ctrl+.</translation>
    </message>
    <message>
        <source>&amp;Open Report…</source>
        <translation>&amp;Bericht öffnen…</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>Bericht öffnen</translation>
    </message>
    <message>
        <source>Co&amp;mpare with Report…</source>
        <translation>Mit Bericht &amp;vergleichen…</translation>
    </message>
    <message>
        <source>Compare with report</source>
        <translation>Mit Bericht vergleichen</translation>
    </message>
    <message>
        <source>Cannot open report</source>
        <translation>Bericht kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>&amp;Down (remove the running lab)…</source>
        <translation>Labor &amp;herunterfahren (entfernen)…</translation>
    </message>
    <message>
        <source>No run of this lab is recorded here; only VMs whose labforge metadata names lab %1 would be removed.</source>
        <translation>Hier ist kein Lauf dieses Labors verzeichnet; nur VMs, deren labforge-Metadaten das Labor %1 nennen, würden entfernt.</translation>
    </message>
    <message>
        <source>VMs: %1
Networks: %2
Run files: %3 in %4</source>
        <translation>VMs: %1
Netzwerke: %2
Laufdateien: %3 in %4</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>A run is going</source>
        <translation>Ein Lauf ist im Gang</translation>
    </message>
    <message>
        <source>Lab %1 is being run; cancel the run (or wait for it) before taking it down.</source>
        <translation>Das Labor %1 läuft gerade; brechen Sie den Lauf ab (oder warten Sie), bevor Sie es herunterfahren.</translation>
    </message>
    <message>
        <source>Take lab %1 down?</source>
        <translation>Labor %1 herunterfahren?</translation>
    </message>
    <message>
        <source>This removes what the last run of lab %1 created:

%2</source>
        <translation>Dies entfernt, was der letzte Lauf des Labors %1 angelegt hat:

%2</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Taking lab %1 down…</source>
        <translation>Labor %1 wird heruntergefahren…</translation>
    </message>
    <message>
        <source>Cancel the run?</source>
        <translation>Lauf abbrechen?</translation>
    </message>
    <message>
        <source>The run stops; what it created so far is removed:

%1</source>
        <translation>Der Lauf endet; was er bisher angelegt hat, wird entfernt:

%1</translation>
    </message>
    <message>
        <source>Cancel the run</source>
        <translation>Lauf abbrechen</translation>
    </message>
    <message>
        <source>Keep running</source>
        <translation>Weiterlaufen lassen</translation>
    </message>
    <message>
        <source>A run is already going; cancel it first.</source>
        <translation>Es läuft bereits ein Lauf; brechen Sie ihn zuerst ab.</translation>
    </message>
    <message>
        <source>The lab has errors</source>
        <translation>Das Labor hat Fehler</translation>
    </message>
    <message>
        <source>Fix the problems listed in the Problems panel first.</source>
        <translation>Beheben Sie zuerst die Probleme in der Liste „Probleme“.</translation>
    </message>
    <message>
        <source>Report of %1, %2: %3 passed, %4 failed</source>
        <translation>Bericht von %1, %2: %3 bestanden, %4 fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>Labforge::ScenarioEditor</name>
    <message>
        <source>Scenarios</source>
        <translation>Szenarien</translation>
    </message>
    <message>
        <source>Add scenario</source>
        <translation>Szenario hinzufügen</translation>
    </message>
    <message>
        <source>Add step</source>
        <translation>Schritt hinzufügen</translation>
    </message>
    <message>
        <source>Remove step</source>
        <translation>Schritt entfernen</translation>
    </message>
    <message>
        <source>scenarios</source>
        <translation>Szenarien</translation>
    </message>
    <message>
        <source>scenario steps</source>
        <translation>Szenario-Schritte</translation>
    </message>
    <message>
        <source>Scenario name</source>
        <translation>Name des Szenarios</translation>
    </message>
    <message>
        <source>Gating (decides whether a run passes)</source>
        <translation>Entscheidend (bestimmt, ob ein Lauf besteht)</translation>
    </message>
    <message>
        <source>Step id</source>
        <translation>Schritt-ID</translation>
    </message>
    <message>
        <source>Step description</source>
        <translation>Beschreibung des Schritts</translation>
    </message>
    <message>
        <source>Runs on</source>
        <translation>Läuft auf</translation>
    </message>
    <message>
        <source>Assertion</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Timeout</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <source>Expectation</source>
        <translation>Erwartung</translation>
    </message>
    <message>
        <source>value (\n for a new line)</source>
        <translation>Wert (\n für einen Zeilenumbruch)</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Erwartet</translation>
    </message>
    <message>
        <source>scenario switch</source>
        <translation>Szenario-Schalter</translation>
    </message>
    <message>
        <source>scenario name</source>
        <translation>Name des Szenarios</translation>
    </message>
    <message>
        <source>scenario step</source>
        <translation>Szenario-Schritt</translation>
    </message>
    <message>
        <source> (gating)</source>
        <translation> (entscheidend)</translation>
    </message>
</context>
<context>
    <name>Labforge::ServicesEditor</name>
    <message>
        <source>Services</source>
        <translation>Dienste</translation>
    </message>
    <message>
        <source>Add service</source>
        <translation>Dienst hinzufügen</translation>
    </message>
    <message>
        <source>Remove service</source>
        <translation>Dienst entfernen</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Aktiviert</translation>
    </message>
    <message>
        <source>JSON error at character %1: %2</source>
        <translation>JSON-Fehler bei Zeichen %1: %2</translation>
    </message>
    <message>
        <source>The config must be a JSON object.</source>
        <translation>Die Konfiguration muss ein JSON-Objekt sein.</translation>
    </message>
    <message>
        <source>Add service %1</source>
        <translation>Dienst %1 hinzufügen</translation>
    </message>
</context>
<context>
    <name>Labforge::UsersEditor</name>
    <message>
        <source>Users</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>sudo</source>
        <translation>sudo</translation>
    </message>
    <message>
        <source>SSH</source>
        <translation>SSH</translation>
    </message>
    <message>
        <source>Add user</source>
        <translation>Benutzer hinzufügen</translation>
    </message>
    <message>
        <source>Remove user</source>
        <translation>Benutzer entfernen</translation>
    </message>
</context>
<context>
    <name>Labforge::WarningsEditor</name>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>Add warning</source>
        <translation>Warnung hinzufügen</translation>
    </message>
    <message>
        <source>Remove warning</source>
        <translation>Warnung entfernen</translation>
    </message>
    <message>
        <source>warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>New warning</source>
        <translation>Neue Warnung</translation>
    </message>
    <message>
        <source>Required by a feature of this lab; it cannot be edited.</source>
        <translation>Von einer Funktion dieses Labors verlangt; nicht änderbar.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Lab %1 is up.</source>
        <translation>Labor %1 läuft.</translation>
    </message>
    <message>
        <source>%1 passed, %2 failed</source>
        <translation>%1 bestanden, %2 fehlgeschlagen</translation>
    </message>
    <message>
        <source>Lab %1 is down (%2 libvirt object(s) removed).</source>
        <translation>Labor %1 ist heruntergefahren (%2 libvirt-Objekt(e) entfernt).</translation>
    </message>
</context>
</TS>
