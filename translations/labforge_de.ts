<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>CanvasCommands</name>
    <message>
        <source>Add node %1</source>
        <translation>Knoten %1 hinzufügen</translation>
    </message>
    <message>
        <source>Join node %1</source>
        <translation>Knoten %1 einbinden</translation>
    </message>
    <message>
        <source>A node cannot be linked to itself.</source>
        <translation>Ein Knoten kann nicht mit sich selbst verbunden werden.</translation>
    </message>
    <message>
        <source>Cannot link %1 and %2: %3.</source>
        <translation>%1 und %2 können nicht verbunden werden: %3.</translation>
    </message>
    <message>
        <source>Link %1 and %2</source>
        <translation>%1 und %2 verbinden</translation>
    </message>
    <message>
        <source>%1 and %2 are linked over %3.</source>
        <translation>%1 und %2 sind über %3 verbunden.</translation>
    </message>
    <message>
        <source>Draw a line from a node to a network (or to another node).</source>
        <translation>Ziehen Sie eine Linie von einem Knoten zu einem Netz (oder zu einem anderen Knoten).</translation>
    </message>
    <message>
        <source>Cannot attach %1 to %2: %3.</source>
        <translation>%1 kann nicht an %2 angeschlossen werden: %3.</translation>
    </message>
    <message>
        <source>Attach %1 to %2</source>
        <translation>%1 an %2 anschließen</translation>
    </message>
    <message>
        <source>%1: eth%2 on %3, address %4.</source>
        <translation>%1: eth%2 in %3, Adresse %4.</translation>
    </message>
    <message>
        <source>Add network %1</source>
        <translation>Netz %1 hinzufügen</translation>
    </message>
    <message>
        <source>Delete network %1</source>
        <translation>Netz %1 löschen</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n link(s)</source>
        <translation>
            <numerusform>%n Verbindung löschen</numerusform>
            <numerusform>%n Verbindungen löschen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n line(s)</source>
        <translation>
            <numerusform>%n Linie löschen</numerusform>
            <numerusform>%n Linien löschen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted with the node(s): %n scenario step(s) that ran on them or on a link to them (%1). Undo brings them back.</source>
        <translation>
            <numerusform>Mit dem Knoten gelöscht: %n Szenarioschritt, der auf ihm oder einer Verbindung zu ihm lief (%1). Rückgängig holt ihn zurück.</numerusform>
            <numerusform>Mit den Knoten gelöscht: %n Szenarioschritte, die auf ihnen oder Verbindungen zu ihnen liefen (%1). Rückgängig holt sie zurück.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Paste %n node(s)</source>
        <translation>
            <numerusform>%n Knoten einfügen</numerusform>
            <numerusform>%n Knoten einfügen</numerusform>
        </translation>
    </message>
    <message>
        <source>Move selection</source>
        <translation>Auswahl verschieben</translation>
    </message>
    <message>
        <source>Move network</source>
        <translation>Netz verschieben</translation>
    </message>
    <message>
        <source>Recipe from another lab: %1 pasted with this lab&apos;s recipe for the role. Undo, then Edit ▸ Paste Keeping Recipe keeps the copied one.</source>
        <translation>Rezept aus einem anderen Labor: %1 mit dem Rezept dieses Labors für die Rolle eingefügt. Rückgängig, dann behält Bearbeiten ▸ Mit Rezept einfügen das kopierte.</translation>
    </message>
    <message>
        <source>Recipe from another lab: %1 pasted with its own recipe; a cluster it is outside of is a warning (Turn On). Undo, then Edit ▸ Paste takes this lab&apos;s recipe for the role.</source>
        <translation>Rezept aus einem anderen Labor: %1 mit dem eigenen Rezept eingefügt; ein Cluster, außerhalb dessen er steht, ist eine Warnung (Einschalten). Rückgängig, dann nimmt Bearbeiten ▸ Einfügen das Rezept dieses Labors für die Rolle.</translation>
    </message>
    <message numerus="yes">
        <source>Reassign %n step(s) to %1</source>
        <translation>
            <numerusform>%n Schritt %1 zuweisen</numerusform>
            <numerusform>%n Schritte %1 zuweisen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n scenario step(s) of the deleted node(s) now run on %1. Undo brings the node(s) back.</source>
        <translation>
            <numerusform>%n Szenarioschritt der gelöschten Knoten läuft jetzt auf %1. Rückgängig holt die Knoten zurück.</numerusform>
            <numerusform>%n Szenarioschritte der gelöschten Knoten laufen jetzt auf %1. Rückgängig holt die Knoten zurück.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted with the node(s), as they would name %1 twice: %n step(s) (%2).</source>
        <translation>
            <numerusform>Mit den Knoten gelöscht, da er %1 zweimal nennen würde: %n Schritt (%2).</numerusform>
            <numerusform>Mit den Knoten gelöscht, da sie %1 zweimal nennen würden: %n Schritte (%2).</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete node %1</source>
        <translation>Knoten %1 löschen</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n item(s)</source>
        <translation>
            <numerusform>%n Element löschen</numerusform>
            <numerusform>%n Elemente löschen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CanvasMenu</name>
    <message>
        <source>Delete Link</source>
        <translation>Verbindung löschen</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <source>Delete Network</source>
        <translation>Netz löschen</translation>
    </message>
    <message>
        <source>Add Network Here</source>
        <translation>Netz hier hinzufügen</translation>
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
        <source>Link To</source>
        <translation>Verbinden mit</translation>
    </message>
    <message>
        <source>Add Interface On</source>
        <translation>Schnittstelle hinzufügen in</translation>
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
</context>
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
    <message>
        <source>Delays, loses or throttles what the step&apos;s node sends to its peer (netem on the host); link_up lifts it</source>
        <translation>Verzögert, verliert oder drosselt, was der Knoten des Schritts an seinen Partner sendet (netem auf dem Host); link_up hebt es auf</translation>
    </message>
    <message>
        <source>Cuts the link between the step&apos;s node and its peer on the host (the bridge drops the frames between the two); the rest of the network is untouched</source>
        <translation>Trennt die Verbindung zwischen dem Knoten des Schritts und seinem Partner auf dem Host (die Bridge verwirft die Frames zwischen beiden); der Rest des Netzes bleibt unberührt</translation>
    </message>
    <message>
        <source>Restores the link between the step&apos;s node and its peer: the cut and any impairment lifted</source>
        <translation>Stellt die Verbindung zwischen dem Knoten des Schritts und seinem Partner wieder her: Trennung und Beeinträchtigungen aufgehoben</translation>
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
        <source>Pin Now…</source>
        <translation>Jetzt pinnen…</translation>
    </message>
    <message>
        <source>Download what the lock has no digest for and pin it (labforge pins lock)</source>
        <translation>Herunterladen, wofür das Lock keinen Digest hat, und es pinnen (labforge pins lock)</translation>
    </message>
    <message numerus="yes">
        <source>The pins lock has no digest for %n artifact(s) the images need (%1): the image build refuses them. Pin Now where their registries are reachable, or choose a lock that pins them under Pins lock (an imported offline kit&apos;s).</source>
        <translation>
            <numerusform>Das Pins-Lock hat keinen Digest für %n Artefakt (%1), das die Images brauchen: der Image-Bau lehnt es ab. Jetzt pinnen, wo seine Registry erreichbar ist, oder unter Pins-Lock ein Lock wählen, das es pinnt (das eines importierten Offline-Kits).</numerusform>
            <numerusform>Das Pins-Lock hat keinen Digest für %n Artefakte (%1), die die Images brauchen: der Image-Bau lehnt sie ab. Jetzt pinnen, wo ihre Registrys erreichbar sind, oder unter Pins-Lock ein Lock wählen, das sie pinnt (das eines importierten Offline-Kits).</numerusform>
        </translation>
    </message>
    <message>
        <source>The lab names its hosts: each node runs on its host&apos;s URI</source>
        <translation>Das Labor nennt seine Hosts: jeder Knoten läuft auf der URI seines Hosts</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
</context>
<context>
    <name>Labforge::CanvasEditActions</name>
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
        <source>Ctrl+Alt+N</source>
        <translation>Ctrl+Alt+N</translation>
    </message>
    <message>
        <source>&amp;Link Selection</source>
        <translation>Auswahl &amp;verbinden</translation>
    </message>
    <message>
        <source>Ctrl+Shift+L</source>
        <translation>Ctrl+Shift+L</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Ctrl+D</source>
        <translation>Ctrl+D</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>K&amp;opieren</translation>
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
        <source>Attach to %1</source>
        <translation>An %1 anschließen</translation>
    </message>
    <message>
        <source>Select nodes and one network, or two nodes, to link them.</source>
        <translation>Wählen Sie Knoten und ein Netz oder zwei Knoten aus, um sie zu verbinden.</translation>
    </message>
    <message>
        <source>&amp;Turn On Left-Off Features</source>
        <translation>Ausgelassene Funktionen ein&amp;schalten</translation>
    </message>
    <message>
        <source>Paste &amp;Keeping Recipe</source>
        <translation>Mit Re&amp;zept einfügen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+V</source>
        <translation>Ctrl+Shift+V</translation>
    </message>
    <message>
        <source>Add Net&amp;work</source>
        <translation>&amp;Netz hinzufügen</translation>
    </message>
    <message>
        <source>Duplicat&amp;e</source>
        <translation>Du&amp;plizieren</translation>
    </message>
    <message>
        <source>Add Node of Role</source>
        <translation>Knoten einer Rolle hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Role of the new node:</source>
        <translation>&amp;Rolle des neuen Knotens:</translation>
    </message>
</context>
<context>
    <name>Labforge::Commands</name>
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
        <translation>„%1“ von %2 bearbeiten</translation>
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
    <message numerus="yes">
        <source>Rename %1 to %2 (and in %n step(s))</source>
        <translation>
            <numerusform>%1 in %2 umbenennen (auch in %n Schritt)</numerusform>
            <numerusform>%1 in %2 umbenennen (auch in %n Schritten)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Labforge::ConsoleView</name>
    <message>
        <source>Type a line for %1 and press Return</source>
        <translation>Eine Zeile für %1 eingeben und Return drücken</translation>
    </message>
    <message>
        <source>Ctrl+C</source>
        <translation>Strg+C</translation>
    </message>
    <message>
        <source>Send an interrupt (Ctrl+C) to the console</source>
        <translation>Einen Abbruch (Strg+C) an die Konsole senden</translation>
    </message>
    <message>
        <source>Follow only</source>
        <translation>Nur mitlesen</translation>
    </message>
    <message>
        <source>Show the console&apos;s log as it grows without taking the console (another client may hold it)</source>
        <translation>Das Protokoll der Konsole mitlesen, ohne die Konsole zu übernehmen (ein anderer Client darf sie halten)</translation>
    </message>
    <message>
        <source>Detach</source>
        <translation>Trennen</translation>
    </message>
    <message>
        <source>%1: detached</source>
        <translation>%1: getrennt</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>Cannot run %1: %2
</source>
        <translation>%1 lässt sich nicht starten: %2
</translation>
    </message>
    <message>
        <source>%1: following the console log (read-only)</source>
        <translation>%1: Konsolenprotokoll wird mitgelesen (nur lesen)</translation>
    </message>
    <message>
        <source>%1: serial console</source>
        <translation>%1: serielle Konsole</translation>
    </message>
    <message>
        <source>Line mode</source>
        <translation>Zeilenmodus</translation>
    </message>
    <message>
        <source>Type a whole line below and send it with Return; off, every key typed on the console goes to it at once (Ctrl+C, Tab, arrows, Backspace)</source>
        <translation>Eine ganze Zeile unten eingeben und mit Return senden; aus: jede auf der Konsole getippte Taste geht sofort an sie (Strg+C, Tab, Pfeiltasten, Rücktaste)</translation>
    </message>
    <message>
        <source>Keys typed here go to the console of %1 as typed (Ctrl+] detaches)</source>
        <translation>Hier getippte Tasten gehen sofort an die Konsole von %1 (Strg+] trennt)</translation>
    </message>
</context>
<context>
    <name>Labforge::DeleteStepsDialog</name>
    <message>
        <source>Delete Nodes and Their Steps?</source>
        <translation>Knoten und ihre Schritte löschen?</translation>
    </message>
    <message numerus="yes">
        <source>%n scenario step(s) run on the node(s) being deleted or act on a link to them (%1). Delete them with the node(s), or keep them on a node that stays?</source>
        <translation>
            <numerusform>%n Szenarioschritt läuft auf den zu löschenden Knoten oder wirkt auf eine Verbindung zu ihnen (%1). Mit den Knoten löschen oder auf einem bleibenden Knoten behalten?</numerusform>
            <numerusform>%n Szenarioschritte laufen auf den zu löschenden Knoten oder wirken auf eine Verbindung zu ihnen (%1). Mit den Knoten löschen oder auf einem bleibenden Knoten behalten?</numerusform>
        </translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Gating</source>
        <translation>Entscheidend</translation>
    </message>
    <message>
        <source>Steps of the deleted nodes</source>
        <translation>Schritte der gelöschten Knoten</translation>
    </message>
    <message>
        <source>Node to run the steps on</source>
        <translation>Knoten, auf dem die Schritte laufen</translation>
    </message>
    <message>
        <source>&amp;Delete the Steps</source>
        <translation>Schritte &amp;löschen</translation>
    </message>
    <message>
        <source>&amp;Reassign To</source>
        <translation>&amp;Zuweisen an</translation>
    </message>
    <message>
        <source>&amp;Keep them on:</source>
        <translation>&amp;Behalten auf:</translation>
    </message>
    <message>
        <source>If Kept</source>
        <translation>Falls behalten</translation>
    </message>
    <message>
        <source>would name %1 twice: deleted</source>
        <translation>würde %1 zweimal nennen: wird gelöscht</translation>
    </message>
    <message>
        <source>runs on %1</source>
        <translation>läuft auf %1</translation>
    </message>
    <message>
        <source>A link step between %1 and a deleted node would have %1 at both ends: it is deleted with the node(s) whatever you choose.</source>
        <translation>Ein Verbindungsschritt zwischen %1 und einem gelöschten Knoten hätte %1 an beiden Enden: Er wird mit den Knoten gelöscht, was auch immer Sie wählen.</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
</context>
<context>
    <name>Labforge::DiagramLegend</name>
    <message>
        <source>Role: %1</source>
        <translation>Rolle: %1</translation>
    </message>
    <message>
        <source>Network: %1 %2</source>
        <translation>Netzwerk: %1 %2</translation>
    </message>
    <message>
        <source>Link between nodes</source>
        <translation>Verbindung zwischen Knoten</translation>
    </message>
    <message>
        <source>Interface on a network</source>
        <translation>Schnittstelle an einem Netzwerk</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>Legende</translation>
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
    <message>
        <source>Turn on feature %1 on %2</source>
        <translation>Funktion %1 auf %2 einschalten</translation>
    </message>
    <message>
        <source>Turn off feature %1 on %2</source>
        <translation>Funktion %1 auf %2 ausschalten</translation>
    </message>
    <message>
        <source>Not for a %1 node: %2 runs on %3 nodes only.</source>
        <translation>Nicht für einen Knoten der Rolle %1: %2 läuft nur auf Knoten der Rollen %3.</translation>
    </message>
</context>
<context>
    <name>Labforge::HostGroupItem</name>
    <message>
        <source>1 node placed here</source>
        <translation>1 Knoten hier platziert</translation>
    </message>
    <message>
        <source>%1 nodes placed here</source>
        <translation>%1 Knoten hier platziert</translation>
    </message>
    <message>
        <source>%1 · 1 node</source>
        <translation>%1 · 1 Knoten</translation>
    </message>
    <message>
        <source>%1 · %2 nodes</source>
        <translation>%1 · %2 Knoten</translation>
    </message>
</context>
<context>
    <name>Labforge::HostsEditor</name>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <source>Without hosts the lab runs on the libvirt URI Build and Boot names. With hosts, each node runs on the host it names, or where the planner places it.</source>
        <translation>Ohne Hosts läuft das Labor auf der libvirt-URI, die Bauen und starten nennt. Mit Hosts läuft jeder Knoten auf dem Host, den er nennt, oder wo der Planer ihn verteilt.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>libvirt URI</source>
        <translation>libvirt-URI</translation>
    </message>
    <message>
        <source>Tunnel address</source>
        <translation>Tunnel-Adresse</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>Fabric</translation>
    </message>
    <message>
        <source>Memory limit (GB)</source>
        <translation>Speichergrenze (GB)</translation>
    </message>
    <message>
        <source>vCPU limit</source>
        <translation>vCPU-Grenze</translation>
    </message>
    <message>
        <source>How lab networks are built there: %1</source>
        <translation>Wie die Netze des Labors dort gebaut werden: %1</translation>
    </message>
    <message>
        <source>0: what the host has</source>
        <translation>0: was der Host hat</translation>
    </message>
    <message>
        <source>Add Host</source>
        <translation>Host hinzufügen</translation>
    </message>
    <message>
        <source>Remove Host</source>
        <translation>Host entfernen</translation>
    </message>
    <message>
        <source>Test Connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Ask the selected host through its URI what it has</source>
        <translation>Den gewählten Host über seine URI fragen, was er hat</translation>
    </message>
    <message>
        <source>The host name &quot;%1&quot; %2; the name is unchanged.</source>
        <translation>Der Hostname „%1“ %2; der Name bleibt unverändert.</translation>
    </message>
    <message>
        <source>The URI &quot;%1&quot; %2; the URI is unchanged.</source>
        <translation>Die URI „%1“ %2; die URI bleibt unverändert.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an IPv4 address; the tunnel address is unchanged.</source>
        <translation>„%1“ ist keine IPv4-Adresse; die Tunnel-Adresse bleibt unverändert.</translation>
    </message>
    <message>
        <source>The fabric is one of %1; it is unchanged.</source>
        <translation>Die Fabric ist eine von %1; sie bleibt unverändert.</translation>
    </message>
    <message>
        <source>A limit is a whole number, 0 for none; it is unchanged.</source>
        <translation>Eine Grenze ist eine ganze Zahl, 0 für keine; sie bleibt unverändert.</translation>
    </message>
    <message>
        <source>The lab has a host &quot;%1&quot; already; the name is unchanged.</source>
        <translation>Das Labor hat schon einen Host „%1“; der Name bleibt unverändert.</translation>
    </message>
    <message>
        <source>hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <source>Asking %1 (%2)…</source>
        <translation>Frage %1 (%2)…</translation>
    </message>
    <message>
        <source>%1 answers: %2 CPUs, %3 MiB of memory, %4 MiB available now.</source>
        <translation>%1 antwortet: %2 CPUs, %3 MiB Speicher, %4 MiB jetzt verfügbar.</translation>
    </message>
    <message>
        <source>%1 cannot be reached: %2</source>
        <translation>%1 ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>Add host</source>
        <translation>Host hinzufügen</translation>
    </message>
    <message>
        <source>Remove host</source>
        <translation>Host entfernen</translation>
    </message>
</context>
<context>
    <name>Labforge::InterfaceItem</name>
    <message>
        <source>%1 %2 on %3</source>
        <translation>%1 %2 in %3</translation>
    </message>
</context>
<context>
    <name>Labforge::InterfacesEditor</name>
    <message>
        <source>Interfaces</source>
        <translation>Schnittstellen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Netz</translation>
    </message>
    <message>
        <source>IP address</source>
        <translation>IP-Adresse</translation>
    </message>
    <message>
        <source>Add interface</source>
        <translation>Schnittstelle hinzufügen</translation>
    </message>
    <message>
        <source>Remove interface</source>
        <translation>Schnittstelle entfernen</translation>
    </message>
    <message>
        <source>Attach %1 to %2</source>
        <translation>%1 an %2 anschließen</translation>
    </message>
    <message>
        <source>Remove eth%1 of %2</source>
        <translation>eth%1 von %2 entfernen</translation>
    </message>
</context>
<context>
    <name>Labforge::KitTransferDialog</name>
    <message>
        <source>Working…</source>
        <translation>In Arbeit…</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
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
    <message>
        <source>docker.io=https://mirror.example.org:5000, ghcr.io=…</source>
        <translation>docker.io=https://mirror.example.org:5000, ghcr.io=…</translation>
    </message>
    <message>
        <source>The site&apos;s registry mirrors: the nodes&apos; containerd pulls through them (images stay pinned by digest).</source>
        <translation>Die Registry-Spiegel des Standorts: containerd auf den Knoten bezieht darüber (Images bleiben per Digest festgelegt).</translation>
    </message>
    <message>
        <source>Registry mirrors</source>
        <translation>Registry-Spiegel</translation>
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
    <name>Labforge::LabOperations</name>
    <message>
        <source>Lab %1 is not up here: Build and Boot it first.</source>
        <translation>Labor %1 läuft hier nicht: Zuerst bauen und starten.</translation>
    </message>
    <message>
        <source>A run of lab %1 is going; wait for it or cancel it.</source>
        <translation>Ein Lauf von Labor %1 ist im Gang; warten Sie ihn ab oder brechen Sie ihn ab.</translation>
    </message>
    <message>
        <source>Another action on the lab is still going.</source>
        <translation>Eine andere Aktion auf dem Labor läuft noch.</translation>
    </message>
    <message>
        <source>Running Lab</source>
        <translation>Laufendes Labor</translation>
    </message>
    <message>
        <source>Open Terminal</source>
        <translation>Terminal öffnen</translation>
    </message>
    <message>
        <source>terminal on %1</source>
        <translation>Terminal auf %1</translation>
    </message>
    <message>
        <source>Cannot start %1; set the terminal in the settings (&quot;terminal&quot;)</source>
        <translation>%1 kann nicht gestartet werden; legen Sie das Terminal in den Einstellungen fest („terminal“)</translation>
    </message>
    <message>
        <source>Stop (ACPI power-off)</source>
        <translation>Anhalten (ACPI-Ausschalten)</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Neu starten</translation>
    </message>
    <message>
        <source>Cut Link</source>
        <translation>Verbindung trennen</translation>
    </message>
    <message>
        <source>Restore Link</source>
        <translation>Verbindung wiederherstellen</translation>
    </message>
    <message>
        <source>Impair Link…</source>
        <translation>Verbindung beeinträchtigen…</translation>
    </message>
    <message>
        <source>Impair Link</source>
        <translation>Verbindung beeinträchtigen</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source> Mbit/s</source>
        <translation> Mbit/s</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <source>Delay</source>
        <translation>Verzögerung</translation>
    </message>
    <message>
        <source>Jitter</source>
        <translation>Jitter</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>Rate</source>
        <translation>Rate</translation>
    </message>
    <message>
        <source>Serial Console</source>
        <translation>Serielle Konsole</translation>
    </message>
    <message>
        <source>Power-cycle</source>
        <translation>Aus- und einschalten</translation>
    </message>
    <message>
        <source>Capture…</source>
        <translation>Mitschneiden…</translation>
    </message>
    <message>
        <source>Capture %1 – %2</source>
        <translation>Mitschnitt %1 – %2</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Capture to</source>
        <translation>Mitschneiden nach</translation>
    </message>
    <message>
        <source>Packet captures (*.pcap)</source>
        <translation>Paketmitschnitte (*.pcap)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Console: %1</source>
        <translation>Konsole: %1</translation>
    </message>
    <message>
        <source>Stop %1</source>
        <translation>%1 stoppen</translation>
    </message>
    <message>
        <source>Start %1</source>
        <translation>%1 starten</translation>
    </message>
    <message>
        <source>Restart %1</source>
        <translation>%1 neu starten</translation>
    </message>
    <message>
        <source>Power-cycle %1</source>
        <translation>%1 aus- und einschalten</translation>
    </message>
    <message>
        <source>Node %1 is stopped.</source>
        <translation>Knoten %1 ist gestoppt.</translation>
    </message>
    <message>
        <source>Node %1 is started.</source>
        <translation>Knoten %1 ist gestartet.</translation>
    </message>
    <message>
        <source>Node %1 restarted.</source>
        <translation>Knoten %1 wurde neu gestartet.</translation>
    </message>
    <message>
        <source>Node %1 was power-cycled.</source>
        <translation>Knoten %1 wurde aus- und eingeschaltet.</translation>
    </message>
    <message>
        <source>delay %1 ms ± %2 ms</source>
        <translation>Verzögerung %1 ms ± %2 ms</translation>
    </message>
    <message>
        <source>delay %1 ms</source>
        <translation>Verzögerung %1 ms</translation>
    </message>
    <message>
        <source>loss %1 %</source>
        <translation>Verlust %1 %</translation>
    </message>
    <message>
        <source>rate %1 Mbit/s</source>
        <translation>Rate %1 Mbit/s</translation>
    </message>
    <message>
        <source>as the lab draws them</source>
        <translation>wie das Labor sie zeichnet</translation>
    </message>
    <message>
        <source>Cut link %1 – %2</source>
        <translation>Verbindung %1 – %2 trennen</translation>
    </message>
    <message>
        <source>Restore link %1 – %2</source>
        <translation>Verbindung %1 – %2 wiederherstellen</translation>
    </message>
    <message>
        <source>Impair link %1 – %2</source>
        <translation>Verbindung %1 – %2 stören</translation>
    </message>
    <message>
        <source>Link %1 – %2 is cut.</source>
        <translation>Verbindung %1 – %2 ist getrennt.</translation>
    </message>
    <message>
        <source>Link %1 – %2 is as the lab draws it.</source>
        <translation>Verbindung %1 – %2 ist, wie das Labor sie zeichnet.</translation>
    </message>
    <message>
        <source>Frames from %1 to %2: %3.</source>
        <translation>Frames von %1 an %2: %3.</translation>
    </message>
    <message>
        <source>Wrote %1 (%2 s of the link %3 – %4).</source>
        <translation>%1 geschrieben (%2 s der Verbindung %3 – %4).</translation>
    </message>
</context>
<context>
    <name>Labforge::LabRecovery</name>
    <message>
        <source>Recover unsaved work?</source>
        <translation>Ungespeicherte Arbeit wiederherstellen?</translation>
    </message>
    <message>
        <source>labforge found unsaved changes to lab &quot;%1&quot; from %2. Recover them?</source>
        <translation>labforge hat ungespeicherte Änderungen am Labor „%1“ vom %2 gefunden. Wiederherstellen?</translation>
    </message>
</context>
<context>
    <name>Labforge::LabScene</name>
    <message>
        <source>The clipboard does not hold labforge nodes.</source>
        <translation>Die Zwischenablage enthält keine labforge-Knoten.</translation>
    </message>
    <message>
        <source>Link cancelled.</source>
        <translation>Verbindung abgebrochen.</translation>
    </message>
    <message>
        <source>Release the line on a network (or a node) to connect them.</source>
        <translation>Lassen Sie die Linie auf einem Netz (oder einem Knoten) los, um beide zu verbinden.</translation>
    </message>
</context>
<context>
    <name>Labforge::LeftOffOffer</name>
    <message>
        <source>Added without what the lab cannot hold yet (offered again once it can): %1</source>
        <translation>Hinzugefügt ohne das, was das Labor noch nicht tragen kann (wird wieder angeboten, sobald es kann): %1</translation>
    </message>
    <message>
        <source>Turn on features left off?</source>
        <translation>Ausgelassene Funktionen einschalten?</translation>
    </message>
    <message numerus="yes">
        <source>Turn on %n feature(s) left off…</source>
        <translation>
            <numerusform>%n ausgelassene Funktion einschalten…</numerusform>
            <numerusform>%n ausgelassene Funktionen einschalten…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on %2 (%3)</source>
        <translation>%1 auf %2 (%3)</translation>
    </message>
    <message>
        <source>No node runs without a feature its cluster runs.</source>
        <translation>Kein Knoten läuft ohne eine Funktion, die sein Cluster ausführt.</translation>
    </message>
    <message>
        <source>No left-off feature can be turned on yet: %1</source>
        <translation>Noch kann keine ausgelassene Funktion eingeschaltet werden: %1</translation>
    </message>
    <message>
        <source>These features were left off; the lab has what they need now:

%1</source>
        <translation>Diese Funktionen wurden ausgelassen; das Labor hat jetzt, was sie brauchen:

%1</translation>
    </message>
    <message>
        <source>

Not yet:
%1</source>
        <translation>

Noch nicht:
%1</translation>
    </message>
    <message>
        <source>

Turn them on (one undo step)?</source>
        <translation>

Einschalten (ein Rückgängig-Schritt)?</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>Turned on: %1</source>
        <translation>Eingeschaltet: %1</translation>
    </message>
    <message>
        <source>Turn on feature %1 on %2</source>
        <translation>Funktion %1 auf %2 einschalten</translation>
    </message>
    <message>
        <source>Turn on features %1 on %2</source>
        <translation>Funktionen %1 auf %2 einschalten</translation>
    </message>
</context>
<context>
    <name>Labforge::LinkItem</name>
    <message>
        <source>Link %1 – %2, no network</source>
        <translation>Verbindung %1 – %2, ohne Netz</translation>
    </message>
    <message>
        <source>Link %1 – %2 over %3</source>
        <translation>Verbindung %1 – %2 über %3</translation>
    </message>
</context>
<context>
    <name>Labforge::LinkPanel</name>
    <message>
        <source>Delete Link</source>
        <translation>Verbindung löschen</translation>
    </message>
    <message>
        <source>what the two talk about, e.g. nfs</source>
        <translation>worüber die beiden sprechen, z. B. nfs</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Netz</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Beschriftung</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>(no link selected)</source>
        <translation>(keine Verbindung ausgewählt)</translation>
    </message>
    <message>
        <source>Link %1 – %2 over %3</source>
        <translation>Verbindung %1 – %2 über %3</translation>
    </message>
    <message>
        <source>Label link %1 – %2</source>
        <translation>Verbindung %1 – %2 beschriften</translation>
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
        <source>&amp;Find Node</source>
        <translation>Knoten &amp;finden</translation>
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
        <source>Canvas</source>
        <translation>Zeichenfläche</translation>
    </message>
    <message>
        <source>&amp;Canvas</source>
        <translation>&amp;Zeichenfläche</translation>
    </message>
    <message>
        <source>Ctrl+1</source>
        <translation>Ctrl+1</translation>
    </message>
    <message>
        <source>&amp;Review of Generated Files</source>
        <translation>&amp;Prüfansicht der erzeugten Dateien</translation>
    </message>
    <message>
        <source>Ctrl+2</source>
        <translation>Ctrl+2</translation>
    </message>
    <message numerus="yes">
        <source>Converted from an older lab format; saving writes the current one. %n note(s) in the Log.</source>
        <translation>
            <numerusform>Aus einem älteren Laborformat umgewandelt; Speichern schreibt das aktuelle. %n Hinweis im Protokoll.</numerusform>
            <numerusform>Aus einem älteren Laborformat umgewandelt; Speichern schreibt das aktuelle. %n Hinweise im Protokoll.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export Offline &amp;Kit…</source>
        <translation>Offline-&amp;Kit exportieren…</translation>
    </message>
    <message>
        <source>&amp;Import Offline Kit…</source>
        <translation>Offline-Kit &amp;importieren…</translation>
    </message>
    <message>
        <source>The pins lock %1 cannot be read: %2</source>
        <translation>Das Pins-Lock %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Export offline kit</source>
        <translation>Offline-Kit exportieren</translation>
    </message>
    <message>
        <source>labforge kits (*.kit)</source>
        <translation>labforge-Kits (*.kit)</translation>
    </message>
    <message>
        <source>Import offline kit</source>
        <translation>Offline-Kit importieren</translation>
    </message>
    <message>
        <source>Cannot import</source>
        <translation>Import nicht möglich</translation>
    </message>
    <message>
        <source>Group Nodes by &amp;Host</source>
        <translation>Knoten nach &amp;Host gruppieren</translation>
    </message>
    <message>
        <source>&amp;Interface Lines</source>
        <translation>&amp;Schnittstellenlinien</translation>
    </message>
    <message>
        <source>&amp;Links Between Nodes</source>
        <translation>&amp;Verbindungen zwischen Knoten</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>S&amp;napshots…</source>
        <translation>S&amp;chnappschüsse…</translation>
    </message>
    <message>
        <source>&amp;Lab Properties</source>
        <translation>&amp;Labor-Eigenschaften</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P</source>
        <translation>Ctrl+Shift+P</translation>
    </message>
    <message>
        <source>Rena&amp;me Node</source>
        <translation>Knoten u&amp;mbenennen</translation>
    </message>
</context>
<context>
    <name>Labforge::NetworkItem</name>
    <message>
        <source>gateway %1</source>
        <translation>Gateway %1</translation>
    </message>
    <message>
        <source>default route</source>
        <translation>Standardroute</translation>
    </message>
    <message>
        <source>gw %1</source>
        <translation>GW %1</translation>
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
        <source>%1; the name is unchanged.</source>
        <translation>%1; der Name bleibt unverändert.</translation>
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
    <message>
        <source>The addresses on the network stay as they were: %1</source>
        <translation>Die Adressen im Netz bleiben, wie sie waren: %1</translation>
    </message>
</context>
<context>
    <name>Labforge::NodeFinder</name>
    <message>
        <source>Find node, network or link (Ctrl+F)</source>
        <translation>Knoten, Netzwerk oder Verbindung finden (Strg+F)</translation>
    </message>
    <message>
        <source>No node, network or link matches &quot;%1&quot;.</source>
        <translation>Kein Knoten, Netzwerk und keine Verbindung passt zu „%1“.</translation>
    </message>
    <message>
        <source>A node&apos;s id or address, a network&apos;s name or CIDR, a link&apos;s label or its two nodes (a – b); Shift+Return adds it to the selection</source>
        <translation>Kennung oder Adresse eines Knotens, Name oder CIDR eines Netzwerks, Beschriftung einer Verbindung oder ihre zwei Knoten (a – b); Umschalt+Eingabe fügt es der Auswahl hinzu</translation>
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
    <message>
        <source>The lab host this node runs on; the planner places nodes without one</source>
        <translation>Der Host des Labors, auf dem dieser Knoten läuft; Knoten ohne Host verteilt der Planer</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>(placed by the planner)</source>
        <translation>(vom Planer verteilt)</translation>
    </message>
    <message>
        <source>%1 (not a host of this lab)</source>
        <translation>%1 (kein Host dieses Labors)</translation>
    </message>
    <message>
        <source>The lab has no hosts: it runs on the URI Build and Boot names. Add hosts under Hosts in the lab&apos;s properties to place nodes on them.</source>
        <translation>Das Labor hat keine Hosts: es läuft auf der URI, die Bauen und starten nennt. Hosts unter „Hosts“ in den Eigenschaften des Labors hinzufügen, um Knoten darauf zu verteilen.</translation>
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
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>%1 vCPU · %2 GB</source>
        <translation>%1 vCPU · %2 GB</translation>
    </message>
    <message>
        <source>1 disk</source>
        <translation>1 Platte</translation>
    </message>
    <message>
        <source>%1 disks</source>
        <translation>%1 Platten</translation>
    </message>
    <message>
        <source>placed on host %1</source>
        <translation>auf Host %1 platziert</translation>
    </message>
</context>
<context>
    <name>Labforge::Operations</name>
    <message>
        <source>the run has no VM for node %1</source>
        <translation>der Lauf hat keine VM für Knoten %1</translation>
    </message>
    <message>
        <source>no link action %1 (down, up, impair)</source>
        <translation>keine Verbindungsaktion %1 (down, up, impair)</translation>
    </message>
    <message>
        <source>a capture of %1 s is not from 1 to 86400 seconds</source>
        <translation>ein Mitschnitt von %1 s liegt nicht zwischen 1 und 86400 Sekunden</translation>
    </message>
    <message>
        <source>%1 is neither a lab file nor a lab&apos;s name</source>
        <translation>%1 ist weder eine Labordatei noch der Name eines Labors</translation>
    </message>
    <message>
        <source>lab %1 is not up here (no ssh_config in %2); `labforge up` brings it up</source>
        <translation>Das Labor %1 läuft hier nicht (keine ssh_config in %2); `labforge up` startet es</translation>
    </message>
    <message>
        <source>no node action %1 (stop, start, restart, power-cycle)</source>
        <translation>keine Knotenaktion %1 (stop, start, restart, power-cycle)</translation>
    </message>
    <message>
        <source>a wait of %1 s is not from 1 to 86400 seconds</source>
        <translation>eine Wartezeit von %1 s liegt nicht zwischen 1 und 86400 Sekunden</translation>
    </message>
    <message>
        <source>no lock file to write was given</source>
        <translation>keine Pins-Sperrdatei zum Schreiben angegeben</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>libvirt could not be reached at %1: %2; whether a lab is up there is not known</source>
        <translation>libvirt unter %1 war nicht erreichbar: %2; ob dort ein Labor läuft, ist nicht bekannt</translation>
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
    <name>Labforge::PinEventText</name>
    <message>
        <source>resolve %1 (%2)</source>
        <translation>löse %1 auf (%2)</translation>
    </message>
    <message>
        <source>fetch %1 from %2</source>
        <translation>lade %1 von %2</translation>
    </message>
    <message>
        <source>  %1 KiB of %2 KiB</source>
        <translation>  %1 KiB von %2 KiB</translation>
    </message>
    <message>
        <source>  %1 KiB</source>
        <translation>  %1 KiB</translation>
    </message>
    <message>
        <source>%1 %2 %3 (cached)</source>
        <translation>%1 %2 %3 (im Cache)</translation>
    </message>
    <message>
        <source>the cached %1 has SHA-256 %2, not the pinned %3; removing it and fetching again</source>
        <translation>%1 im Cache hat SHA-256 %2, nicht das gepinnte %3; wird entfernt und neu geladen</translation>
    </message>
    <message>
        <source>FAILED %1</source>
        <translation>FEHLGESCHLAGEN %1</translation>
    </message>
    <message>
        <source>FAILED %1: %2</source>
        <translation>FEHLGESCHLAGEN %1: %2</translation>
    </message>
    <message>
        <source>stopped %1: %2</source>
        <translation>angehalten %1: %2</translation>
    </message>
    <message>
        <source>%1: kubeadm %2 pulls %3</source>
        <translation>%1: kubeadm %2 lädt %3</translation>
    </message>
    <message>
        <source>%1: the chart %2 runs %3</source>
        <translation>%1: das Chart %2 startet %3</translation>
    </message>
    <message>
        <source>cannot run the cached kubeadm %1 to list its images</source>
        <translation>das kubeadm %1 im Cache lässt sich nicht ausführen, um seine Images aufzulisten</translation>
    </message>
    <message>
        <source>kubeadm %1 could not list its images: %2</source>
        <translation>kubeadm %1 konnte seine Images nicht auflisten: %2</translation>
    </message>
    <message>
        <source>helm could not render %1 to list its images: %2</source>
        <translation>helm konnte %1 nicht rendern, um seine Images aufzulisten: %2</translation>
    </message>
    <message>
        <source>wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
    <message numerus="yes">
        <source>wrote %1 (%n artifact(s) failed and keep their previous digest)</source>
        <translation>
            <numerusform>%1 geschrieben (%n Artefakt fehlgeschlagen, es behält seinen bisherigen Digest)</numerusform>
            <numerusform>%1 geschrieben (%n Artefakte fehlgeschlagen, sie behalten ihren bisherigen Digest)</numerusform>
        </translation>
    </message>
    <message>
        <source>cancelled: the lock is not written</source>
        <translation>abgebrochen: die Pins-Sperrdatei wird nicht geschrieben</translation>
    </message>
    <message>
        <source>skip %1: no SHA-256 recorded (run `labforge pins lock`)</source>
        <translation>überspringe %1: keine SHA-256 verzeichnet (`labforge pins lock` ausführen)</translation>
    </message>
    <message>
        <source>skip %1: image without a digest (run `labforge pins lock`)</source>
        <translation>überspringe %1: Image ohne Digest (`labforge pins lock` ausführen)</translation>
    </message>
    <message>
        <source>%1 %2 %3 (image: pulled by digest in the lab, or carried by a kit)</source>
        <translation>%1 %2 %3 (Image: im Labor per Digest geladen oder von einem Kit mitgebracht)</translation>
    </message>
</context>
<context>
    <name>Labforge::PinNowDialog</name>
    <message>
        <source>Pin Now</source>
        <translation>Jetzt pinnen</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>In Arbeit…</translation>
    </message>
    <message>
        <source>Cancelled: the lock is unchanged.</source>
        <translation>Abgebrochen: die Pins-Sperrdatei ist unverändert.</translation>
    </message>
    <message>
        <source>Every artifact is pinned.</source>
        <translation>Jedes Artefakt ist gepinnt.</translation>
    </message>
    <message>
        <source>Some artifacts could not be pinned (exit code %1): see the lines marked FAILED.</source>
        <translation>Einige Artefakte konnten nicht gepinnt werden (Exit-Code %1): siehe die mit FEHLGESCHLAGEN markierten Zeilen.</translation>
    </message>
    <message>
        <source>Downloads every artifact and resolves every image the lock has no digest for, verifies what it has, and writes %1. What cannot be fetched keeps its previous state.</source>
        <translation>Lädt jedes Artefakt herunter und löst jedes Image auf, für das der Lock keinen Digest hat, prüft das Vorhandene und schreibt %1. Was nicht geholt werden kann, behält seinen bisherigen Stand.</translation>
    </message>
    <message>
        <source>Artifact</source>
        <translation>Artefakt</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>Asking the servers what there is to pin and its size…</source>
        <translation>Die Server werden gefragt, was zu pinnen ist und wie groß es ist…</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>Pinnen</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>size unknown</source>
        <translation>Größe unbekannt</translation>
    </message>
    <message>
        <source>%1/%2 (image)</source>
        <translation>%1/%2 (Image)</translation>
    </message>
    <message numerus="yes">
        <source>%n artifact(s), %1 in all</source>
        <translation>
            <numerusform>%n Artefakt, %1 insgesamt</numerusform>
            <numerusform>%n Artefakte, %1 insgesamt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n artifact(s), %1 in all and %2 of unknown size</source>
        <translation>
            <numerusform>%n Artefakt, %1 insgesamt und %2 unbekannter Größe</numerusform>
            <numerusform>%n Artefakte, %1 insgesamt und %2 unbekannter Größe</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing is listed to download: Pin verifies the cache and writes the lock.</source>
        <translation>Nichts herunterzuladen: Pinnen prüft den Cache und schreibt den Lock.</translation>
    </message>
    <message>
        <source>Pin downloads and pins these; Cancel leaves the lock as it is.</source>
        <translation>Pinnen lädt und pinnt diese; Abbrechen lässt den Lock, wie er ist.</translation>
    </message>
    <message>
        <source>Nothing was pinned: %1</source>
        <translation>Nichts wurde gepinnt: %1</translation>
    </message>
    <message>
        <source>The lock could not be pinned.</source>
        <translation>Die Pins-Sperrdatei konnte nicht gepinnt werden.</translation>
    </message>
</context>
<context>
    <name>Labforge::PlacementPreview</name>
    <message>
        <source>Preview Placement</source>
        <translation>Verteilung ansehen</translation>
    </message>
    <message>
        <source>Ask the lab&apos;s hosts what they have and show where each node would run</source>
        <translation>Die Hosts des Labors fragen, was sie haben, und zeigen, wo jeder Knoten liefe</translation>
    </message>
    <message numerus="yes">
        <source>The lab runs on its %n host(s); the planner places the nodes that name none when the run starts.</source>
        <translation>
            <numerusform>Das Lab läuft auf seinem %n Host; der Planer verteilt die Knoten, die keinen nennen, beim Start des Laufs.</numerusform>
            <numerusform>Das Lab läuft auf seinen %n Hosts; der Planer verteilt die Knoten, die keinen nennen, beim Start des Laufs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Asking %n host(s)…</source>
        <translation>
            <numerusform>Frage %n Host…</numerusform>
            <numerusform>Frage %n Hosts…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Labforge::PlanSummaryText</name>
    <message>
        <source>Lab %1 will take:</source>
        <translation>Labor %1 belegt:</translation>
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
        <source>Warnings of this lab (quoted from the lab file, whose features need them word for word):</source>
        <translation>Warnungen dieses Labors (zitiert aus der Labordatei, deren Funktionen sie wörtlich verlangen):</translation>
    </message>
    <message>
        <source>FIRST PULL: upstream publishes no digest for %1; the lock trusts the first download.</source>
        <translation>ERSTER ABRUF: Für %1 veröffentlicht das Projekt keine Prüfsumme; der Lock vertraut dem ersten Download.</translation>
    </message>
    <message>
        <source>No digest in the pins lock for %1: the image build refuses them until `labforge pins lock` pins them.</source>
        <translation>Keine Prüfsumme im Pins-Lock für %1: Der Image-Bau verweigert sie, bis `labforge pins lock` sie festlegt.</translation>
    </message>
    <message>
        <source>Placement on the lab&apos;s hosts:</source>
        <translation>Verteilung auf die Hosts des Labors:</translation>
    </message>
    <message numerus="yes">
        <source>The nodes are placed on the lab&apos;s %n host(s) when the run starts: each host is asked what it has, and a lab that does not fit is refused before anything is allocated.</source>
        <translation>
            <numerusform>Die Knoten werden beim Start des Laufs auf den %n Host des Labs verteilt: jeder Host wird gefragt, was er hat, und ein Lab, das nicht passt, wird abgelehnt, bevor etwas belegt wird.</numerusform>
            <numerusform>Die Knoten werden beim Start des Laufs auf die %n Hosts des Labs verteilt: jeder Host wird gefragt, was er hat, und ein Lab, das nicht passt, wird abgelehnt, bevor etwas belegt wird.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Labforge::ProblemCount</name>
    <message>
        <source>Valid</source>
        <translation>Gültig</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>1 Fehler</translation>
    </message>
    <message>
        <source>%1 errors</source>
        <translation>%1 Fehler</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 Warnung</translation>
    </message>
    <message>
        <source>%1 warnings</source>
        <translation>%1 Warnungen</translation>
    </message>
    <message>
        <source>Go to the first problem</source>
        <translation>Zum ersten Problem gehen</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>Problems (%1)</source>
        <translation>Probleme (%1)</translation>
    </message>
</context>
<context>
    <name>Labforge::ProblemsList</name>
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
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Go to the Field</source>
        <translation>Zum Feld gehen</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>Beheben: %1</translation>
    </message>
</context>
<context>
    <name>Labforge::PropertiesPanel</name>
    <message>
        <source>Delete link %1 – %2</source>
        <translation>Verbindung %1 – %2 löschen</translation>
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
    <message>
        <source>
Container images (pulled by digest; the node refuses any other):
</source>
        <translation>
Container-Images (nach Digest bezogen; der Knoten verweigert jedes andere):
</translation>
    </message>
    <message>
        <source>no digest recorded</source>
        <translation>kein Digest erfasst</translation>
    </message>
    <message>
        <source>&amp;Node:</source>
        <translation>&amp;Knoten:</translation>
    </message>
    <message>
        <source>(the lab&apos;s plan only)</source>
        <translation>(nur der Plan des Labors)</translation>
    </message>
    <message>
        <source>Select a node, here or on the canvas, to review what its image will contain.</source>
        <translation>Wählen Sie einen Knoten, hier oder auf der Zeichenfläche, um zu sehen, was sein Image enthalten wird.</translation>
    </message>
</context>
<context>
    <name>Labforge::RunProgressPanel</name>
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
    <message>
        <source>Pinned downloads</source>
        <translation>Gepinnte Downloads</translation>
    </message>
    <message>
        <source>Startup finished</source>
        <translation>Systemstart abgeschlossen</translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation>Noch kein Lauf</translation>
    </message>
    <message>
        <source>Run ▸ Build and Boot starts one; its stages and nodes show here.</source>
        <translation>Lauf ▸ Bauen und starten beginnt einen; seine Phasen und Knoten erscheinen hier.</translation>
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
        <source>Build and Boot needs root</source>
        <translation>Erstellen und Starten braucht root</translation>
    </message>
    <message>
        <source>The lab has errors</source>
        <translation>Das Labor hat Fehler</translation>
    </message>
    <message>
        <source>Report of %1, %2: %3 passed, %4 failed</source>
        <translation>Bericht von %1, %2: %3 bestanden, %4 fehlgeschlagen</translation>
    </message>
    <message>
        <source>Run &amp;Scenarios…</source>
        <translation>&amp;Szenarien ausführen…</translation>
    </message>
    <message>
        <source>Lab %1 is not up</source>
        <translation>Labor %1 läuft nicht</translation>
    </message>
    <message>
        <source>Scenarios run on a lab that is up. Build and Boot it first (Ctrl+B): that runs its scenarios too.</source>
        <translation>Szenarien laufen auf einem gestarteten Labor. Zuerst Bauen und Starten (Strg+B): Das führt auch seine Szenarien aus.</translation>
    </message>
    <message>
        <source>Nothing to run</source>
        <translation>Nichts auszuführen</translation>
    </message>
    <message>
        <source>Run the scenarios of %1?</source>
        <translation>Szenarien von %1 ausführen?</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>done</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Running Labs</source>
        <translation>Laufende Labore</translation>
    </message>
    <message>
        <source>R&amp;uns…</source>
        <translation>&amp;Läufe…</translation>
    </message>
    <message>
        <source>This report is of lab %1, not of the open lab %2. </source>
        <translation>Dieser Bericht gehört zu Labor %1, nicht zum geöffneten Labor %2. </translation>
    </message>
    <message>
        <source>Last run: passed</source>
        <translation>Letzter Lauf: bestanden</translation>
    </message>
    <message>
        <source>Last run: finished with problems</source>
        <translation>Letzter Lauf: mit Problemen beendet</translation>
    </message>
    <message>
        <source>Report: %1 passed, %2 failed</source>
        <translation>Bericht: %1 bestanden, %2 fehlgeschlagen</translation>
    </message>
    <message>
        <source>The lab has %1. Fix them first; Show First goes to the first error.</source>
        <translation>Das Labor hat %1. Beheben Sie sie zuerst; „Ersten zeigen“ geht zum ersten Fehler.</translation>
    </message>
    <message>
        <source>Show First</source>
        <translation>Ersten zeigen</translation>
    </message>
</context>
<context>
    <name>Labforge::RunningLabsPanel</name>
    <message>
        <source>Down…</source>
        <translation>Herunterfahren…</translation>
    </message>
    <message>
        <source>Open Report</source>
        <translation>Bericht öffnen</translation>
    </message>
    <message>
        <source>Lab</source>
        <translation>Labor</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>%1 of %2 running</source>
        <translation>%1 von %2 laufen</translation>
    </message>
    <message>
        <source>no report</source>
        <translation>kein Bericht</translation>
    </message>
    <message>
        <source>In no recorded run</source>
        <translation>In keinem aufgezeichneten Lauf</translation>
    </message>
    <message>
        <source>Remove with: %1</source>
        <translation>Entfernen mit: %1</translation>
    </message>
    <message>
        <source>Runs of another cache root or user</source>
        <translation>Läufe eines anderen Cache-Verzeichnisses oder Benutzers</translation>
    </message>
    <message>
        <source>another user&apos;s run (%1)</source>
        <translation>Lauf eines anderen Benutzers (%1)</translation>
    </message>
    <message>
        <source>run of another cache root (%1)</source>
        <translation>Lauf eines anderen Cache-Verzeichnisses (%1)</translation>
    </message>
    <message>
        <source>(not answered)</source>
        <translation>(keine Antwort)</translation>
    </message>
    <message>
        <source>No lab is up here.</source>
        <translation>Hier läuft kein Labor.</translation>
    </message>
    <message>
        <source>libvirt could not be reached</source>
        <translation>libvirt nicht erreichbar</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>Labforge::RunsDialog</name>
    <message>
        <source>Runs of %1</source>
        <translation>Läufe von %1</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Passed</source>
        <translation>Bestanden</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Übersprungen</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>Messwerte</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Vorher</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Nachher</translation>
    </message>
    <message>
        <source>Time before</source>
        <translation>Zeit vorher</translation>
    </message>
    <message>
        <source>Time after</source>
        <translation>Zeit nachher</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Open in Browser</source>
        <translation>Im Browser öffnen</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>unlesbar</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Lab %1 has no kept report here yet: Build and Boot or Run Scenarios makes one.</source>
        <translation>Labor %1 hat hier noch keinen aufbewahrten Bericht: Bauen und Starten oder Szenarien ausführen legt einen an.</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>Vergleich nicht möglich: %1</translation>
    </message>
    <message>
        <source>(not run)</source>
        <translation>(nicht gelaufen)</translation>
    </message>
    <message>
        <source>%1%2 s</source>
        <translation>%1%2 s</translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n step(s) changed verdict</source>
        <translation>
            <numerusform>%1 → %2: %n Schritt hat sein Urteil geändert</numerusform>
            <numerusform>%1 → %2: %n Schritte haben ihr Urteil geändert</numerusform>
        </translation>
    </message>
    <message>
        <source>Select two runs (Ctrl+click) to set them side by side.</source>
        <translation>Zwei Läufe auswählen (Strg+Klick), um sie nebeneinanderzustellen.</translation>
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
        <translation>Neues Szenario</translation>
    </message>
    <message>
        <source>Add step</source>
        <translation>Neuer Schritt</translation>
    </message>
    <message>
        <source>Scenario name</source>
        <translation>Name des Szenarios</translation>
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
    <message>
        <source>Duplicate</source>
        <translation>Duplizieren</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Link to</source>
        <translation>Verbindung zu</translation>
    </message>
    <message>
        <source> ms delay</source>
        <translation> ms Verzögerung</translation>
    </message>
    <message>
        <source> ms jitter</source>
        <translation> ms Jitter</translation>
    </message>
    <message>
        <source> % loss</source>
        <translation> % Verlust</translation>
    </message>
    <message>
        <source> Mbit/s</source>
        <translation> Mbit/s</translation>
    </message>
    <message>
        <source>no rate limit</source>
        <translation>keine Ratengrenze</translation>
    </message>
    <message>
        <source>Impairment</source>
        <translation>Beeinträchtigung</translation>
    </message>
    <message>
        <source>on the network they share</source>
        <translation>im gemeinsamen Netz</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>in %1</translation>
    </message>
    <message>
        <source>Move the step up</source>
        <translation>Den Schritt nach oben verschieben</translation>
    </message>
    <message>
        <source>Move the step down</source>
        <translation>Den Schritt nach unten verschieben</translation>
    </message>
    <message>
        <source>On this lab</source>
        <translation>Auf diesem Labor</translation>
    </message>
    <message>
        <source>runs: %1</source>
        <translation>führt aus: %1</translation>
    </message>
    <message>
        <source>expects: %1</source>
        <translation>erwartet: %1</translation>
    </message>
    <message>
        <source>Gating</source>
        <translation>Entscheidend</translation>
    </message>
    <message>
        <source>A gating scenario decides whether a run passes</source>
        <translation>Ein entscheidendes Szenario bestimmt, ob ein Lauf besteht</translation>
    </message>
    <message>
        <source>Co&amp;mmand</source>
        <translation>&amp;Befehl</translation>
    </message>
    <message>
        <source>Duplicate scenario</source>
        <translation>Szenario duplizieren</translation>
    </message>
    <message>
        <source>Remove scenario</source>
        <translation>Szenario entfernen</translation>
    </message>
    <message>
        <source>Duplicate step</source>
        <translation>Schritt duplizieren</translation>
    </message>
    <message>
        <source>Remove step</source>
        <translation>Schritt entfernen</translation>
    </message>
    <message>
        <source>Move step</source>
        <translation>Schritt verschieben</translation>
    </message>
</context>
<context>
    <name>Labforge::ScenarioRunText</name>
    <message>
        <source>Lab %1 has no scenario that is on and has steps: add a step, or tick a scenario in the Scenarios panel.</source>
        <translation>Labor %1 hat kein eingeschaltetes Szenario mit Schritten: Fügen Sie einen Schritt hinzu oder haken Sie ein Szenario im Szenarien-Bereich an.</translation>
    </message>
    <message>
        <source>Runs on the lab %1 that is up: run %2, started %3, nodes %4.</source>
        <translation>Läuft auf dem gestarteten Labor %1: Lauf %2, gestartet %3, Knoten %4.</translation>
    </message>
    <message>
        <source>(no id)</source>
        <translation>(keine Kennung)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <source>%1 (gating): %n step(s)</source>
        <translation>
            <numerusform>%1 (entscheidend): %n Schritt</numerusform>
            <numerusform>%1 (entscheidend): %n Schritte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n step(s)</source>
        <translation>
            <numerusform>%1: %n Schritt</numerusform>
            <numerusform>%1: %n Schritte</numerusform>
        </translation>
    </message>
    <message>
        <source>; acting on the lab: %1</source>
        <translation>; auf das Labor wirkend: %1</translation>
    </message>
    <message>
        <source>Scenarios that run:</source>
        <translation>Szenarien, die laufen:</translation>
    </message>
    <message>
        <source>Off or without steps (not run): %1</source>
        <translation>Ausgeschaltet oder ohne Schritte (laufen nicht): %1</translation>
    </message>
    <message>
        <source>The report is written when the last step has finished; Cancel Run (Ctrl+.) stops it.</source>
        <translation>Der Bericht wird geschrieben, wenn der letzte Schritt fertig ist; Lauf abbrechen (Strg+.) hält ihn an.</translation>
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
        <source>Key &quot;%1&quot; appears twice in one object (%2, line %3); each key once.</source>
        <translation>Schlüssel „%1“ steht zweimal in einem Objekt (%2, Zeile %3); jeder Schlüssel nur einmal.</translation>
    </message>
    <message>
        <source>The config must be a JSON object.</source>
        <translation>Die Konfiguration muss ein JSON-Objekt sein.</translation>
    </message>
    <message>
        <source>Add service %1</source>
        <translation>Dienst %1 hinzufügen</translation>
    </message>
    <message>
        <source>JSON error at line %1, column %2: %3</source>
        <translation>JSON-Fehler in Zeile %1, Spalte %2: %3</translation>
    </message>
</context>
<context>
    <name>Labforge::SnapshotsDialog</name>
    <message>
        <source>Snapshots of %1</source>
        <translation>Schnappschüsse von %1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Taken</source>
        <translation>Aufgenommen</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Sichern…</translation>
    </message>
    <message>
        <source>Restore…</source>
        <translation>Zurücksetzen…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Save Snapshot</source>
        <translation>Schnappschuss sichern</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Restore snapshot %1?</source>
        <translation>Auf Schnappschuss %1 zurücksetzen?</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1 (%2 running)</source>
        <translation>%1 (%2 laufen)</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Lab %1 has no snapshot yet.</source>
        <translation>Labor %1 hat noch keinen Schnappschuss.</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>Gesichert</translation>
    </message>
    <message>
        <source>A snapshot keeps every node&apos;s memory and disks at one instant (the lab pauses while they are written out). Restoring brings every node back to that instant: what was written since is lost.</source>
        <translation>Ein Schnappschuss hält Arbeitsspeicher und Platten aller Knoten zu einem Zeitpunkt fest (das Labor hält an, solange sie geschrieben werden). Zurücksetzen bringt jeden Knoten zu diesem Zeitpunkt zurück: Was seither geschrieben wurde, geht verloren.</translation>
    </message>
    <message>
        <source>Every node of lab %1 goes back to the instant snapshot %2 was taken. What was written since is lost.</source>
        <translation>Jeder Knoten von Labor %1 geht zu dem Zeitpunkt zurück, an dem Schnappschuss %2 aufgenommen wurde. Was seither geschrieben wurde, geht verloren.</translation>
    </message>
    <message>
        <source>memory and disks</source>
        <translation>Arbeitsspeicher und Platten</translation>
    </message>
    <message>
        <source>disks</source>
        <translation>Platten</translation>
    </message>
    <message>
        <source>Restoring %1…</source>
        <translation>Zurücksetzen auf %1…</translation>
    </message>
    <message>
        <source>Save snapshot %1</source>
        <translation>Snapshot %1 speichern</translation>
    </message>
    <message>
        <source>Restore snapshot %1</source>
        <translation>Snapshot %1 wiederherstellen</translation>
    </message>
    <message>
        <source>Delete snapshot %1</source>
        <translation>Snapshot %1 löschen</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>Snapshot %1 saved: %2 node(s), the lab paused %3 s.</source>
        <translation>Snapshot %1 gespeichert: %2 Knoten, das Labor stand %3 s still.</translation>
    </message>
    <message>
        <source>Lab %1 is back at snapshot %2.</source>
        <translation>Das Labor %1 ist zurück beim Snapshot %2.</translation>
    </message>
    <message>
        <source>Snapshot %1 of lab %2 deleted.</source>
        <translation>Snapshot %1 des Labors %2 gelöscht.</translation>
    </message>
</context>
<context>
    <name>Labforge::UnsavedChangesQuestion</name>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>The lab has unsaved changes. Save them?</source>
        <translation>Das Labor hat ungespeicherte Änderungen. Speichern?</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
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
    <name>Labforge::Validator</name>
    <message>
        <source>node &quot;%1&quot; has feature kubeadm-lab but the lab has no plan.kubernetes</source>
        <translation>Knoten „%1“ hat das Feature kubeadm-lab, aber das Labor hat kein plan.kubernetes</translation>
    </message>
    <message>
        <source>plan.kubernetes mode &quot;%1&quot; is unknown (expected &quot;kubeadm-lab&quot;)</source>
        <translation>plan.kubernetes-Modus „%1“ ist unbekannt (erwartet: „kubeadm-lab“)</translation>
    </message>
    <message>
        <source>CNI &quot;%1&quot; is not supported (supported: flannel)</source>
        <translation>CNI „%1“ wird nicht unterstützt (unterstützt: flannel)</translation>
    </message>
    <message>
        <source>Kubernetes version &quot;%1&quot; is not of the form vMAJOR.MINOR.PATCH</source>
        <translation>Kubernetes-Version „%1“ hat nicht die Form vMAJOR.MINOR.PATCH</translation>
    </message>
    <message>
        <source>Kubernetes %1 is not the pinned version %2; the kubeadm-lab feature installs %2</source>
        <translation>Kubernetes %1 ist nicht die festgelegte Version %2; das Feature kubeadm-lab installiert %2</translation>
    </message>
    <message>
        <source>bootstrap token lifetime %1 s is outside 60..%2 s</source>
        <translation>Gültigkeit des Bootstrap-Tokens von %1 s liegt außerhalb von 60..%2 s</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is listed twice as a Kubernetes member</source>
        <translation>„%1“ ist zweimal als Kubernetes-Mitglied aufgeführt</translation>
    </message>
    <message>
        <source>Kubernetes member &quot;%1&quot; is not a node of the lab</source>
        <translation>Kubernetes-Mitglied „%1“ ist kein Knoten des Labors</translation>
    </message>
    <message>
        <source>Kubernetes member &quot;%1&quot; does not have the kubeadm-lab feature</source>
        <translation>Kubernetes-Mitglied „%1“ hat das Feature kubeadm-lab nicht</translation>
    </message>
    <message>
        <source>node &quot;%1&quot; has the kubeadm-lab feature but plan.kubernetes does not list it</source>
        <translation>Knoten „%1“ hat das Feature kubeadm-lab, aber plan.kubernetes führt ihn nicht auf</translation>
    </message>
    <message>
        <source>pod subnet: %1</source>
        <translation>Pod-Subnetz: %1</translation>
    </message>
    <message>
        <source>service subnet: %1</source>
        <translation>Service-Subnetz: %1</translation>
    </message>
    <message>
        <source>service subnet %1 overlaps pod subnet %2</source>
        <translation>Service-Subnetz %1 überschneidet sich mit dem Pod-Subnetz %2</translation>
    </message>
    <message>
        <source>pod subnet %1 overlaps network &quot;%2&quot; (%3)</source>
        <translation>Pod-Subnetz %1 überschneidet sich mit dem Netz „%2“ (%3)</translation>
    </message>
    <message>
        <source>service subnet %1 overlaps network &quot;%2&quot; (%3)</source>
        <translation>Service-Subnetz %1 überschneidet sich mit dem Netz „%2“ (%3)</translation>
    </message>
    <message>
        <source>pod subnet %1 cannot give each of %2 members the /24 flannel assigns</source>
        <translation>Pod-Subnetz %1 kann nicht jedem der %2 Mitglieder das /24 geben, das flannel zuteilt</translation>
    </message>
    <message>
        <source>service subnet %1 is too small for cluster DNS at its 10th address</source>
        <translation>Service-Subnetz %1 ist zu klein für das Cluster-DNS an seiner 10. Adresse</translation>
    </message>
    <message>
        <source>node &quot;%1&quot; would join Kubernetes with unsafe CA discovery on %2 (%3), which is not an RFC 1918 private network</source>
        <translation>Knoten „%1“ träte Kubernetes mit unsicherer CA-Erkennung auf %2 (%3) bei, das kein privates Netz nach RFC 1918 ist</translation>
    </message>
    <message>
        <source>scenario name &quot;%1&quot; %2</source>
        <translation>Szenarioname „%1“ %2</translation>
    </message>
    <message>
        <source>is used twice</source>
        <translation>wird zweimal verwendet</translation>
    </message>
    <message>
        <source>scenario &quot;%1&quot; is gating but disabled; a disabled scenario never runs, so it cannot gate</source>
        <translation>Szenario „%1“ ist entscheidend, aber deaktiviert; ein deaktiviertes Szenario läuft nie und kann nichts entscheiden</translation>
    </message>
    <message>
        <source>scenario &quot;%1&quot; has no steps</source>
        <translation>Szenario „%1“ hat keine Schritte</translation>
    </message>
    <message>
        <source>scenario &quot;%1&quot; step &quot;%2&quot;</source>
        <translation>Szenario „%1“, Schritt „%2“</translation>
    </message>
    <message>
        <source>%1: step id %2</source>
        <translation>%1: Schritt-ID %2</translation>
    </message>
    <message>
        <source>%1 runs on node &quot;%2&quot;, which does not exist</source>
        <translation>%1 läuft auf Knoten „%2“, den es nicht gibt</translation>
    </message>
    <message>
        <source>%1 has no timeout_seconds; every wait must be bounded</source>
        <translation>%1 hat kein timeout_seconds; jedes Warten muss begrenzt sein</translation>
    </message>
    <message>
        <source>%1: timeout %2 s is outside 1..%3 s</source>
        <translation>%1: Zeitlimit %2 s liegt außerhalb von 1..%3 s</translation>
    </message>
    <message>
        <source>%1: retry interval %2 s must be at least 1 s and within the timeout</source>
        <translation>%1: Wiederholungsabstand %2 s muss mindestens 1 s betragen und innerhalb des Zeitlimits liegen</translation>
    </message>
    <message>
        <source>a kubeadm bootstrap token is written here; the runner makes one per build group, never put one in the lab</source>
        <translation>hier steht ein kubeadm-Bootstrap-Token; der Runner erzeugt eines je Build-Gruppe, nie gehört eines in das Labor</translation>
    </message>
    <message>
        <source>a private key is written here; keys live in the keychain, never in the lab</source>
        <translation>hier steht ein privater Schlüssel; Schlüssel liegen im Schlüsselbund, nie im Labor</translation>
    </message>
    <message>
        <source>&quot;%1&quot; looks like a secret; secrets never go in the lab file (the runner keeps them in the keychain)</source>
        <translation>„%1“ sieht wie ein Geheimnis aus; Geheimnisse gehören nie in die Labordatei (der Runner verwahrt sie im Schlüsselbund)</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: service config: %2</source>
        <translation>Knoten „%1“: Dienstkonfiguration: %2</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: service config names node &quot;%2&quot;, which does not exist</source>
        <translation>Knoten „%1“: die Dienstkonfiguration nennt Knoten „%2“, den es nicht gibt</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: service config names &quot;%2&quot; as %3, but its role is &quot;%4&quot;</source>
        <translation>Knoten „%1“: die Dienstkonfiguration nennt „%2“ als %3, seine Rolle ist aber „%4“</translation>
    </message>
    <message>
        <source>%1: the expectation is empty once its variables expand: it would accept any output</source>
        <translation>%1: die Erwartung ist leer, sobald ihre Variablen eingesetzt sind: sie nähme jede Ausgabe an</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: %2 is empty; Slurm would have no compute nodes</source>
        <translation>Knoten „%1“: %2 ist leer; Slurm hätte keine Rechenknoten</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: nfs_server %2 is not the address of a node with the hpc-nfs feature</source>
        <translation>Knoten „%1“: nfs_server %2 ist nicht die Adresse eines Knotens mit dem Feature hpc-nfs</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: %2 role &quot;%3&quot; differs from the node&apos;s role &quot;%4&quot;</source>
        <translation>Knoten „%1“: %2-Rolle „%3“ weicht von der Rolle des Knotens „%4“ ab</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: %2 version &quot;%3&quot; differs from the pinned %4</source>
        <translation>Knoten „%1“: %2-Version „%3“ weicht von der festgelegten %4 ab</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: service name &quot;%2&quot; %3</source>
        <translation>Knoten „%1“: Dienstname „%2“ %3</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: service &quot;%2&quot; is declared twice</source>
        <translation>Knoten „%1“: Dienst „%2“ ist zweimal angegeben</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: service &quot;%2&quot; is generated by the %3 feature from plan.%4; remove the hand-written one</source>
        <translation>Knoten „%1“: Dienst „%2“ wird vom Feature %3 aus plan.%4 erzeugt; entfernen Sie den handgeschriebenen</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: service &quot;%2&quot; belongs to feature &quot;%3&quot;, which the node does not have</source>
        <translation>Knoten „%1“: Dienst „%2“ gehört zum Feature „%3“, das der Knoten nicht hat</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: %2 config differs from node &quot;%3&quot;&apos;s; all members share one config but their role</source>
        <translation>Knoten „%1“: die %2-Konfiguration weicht von der des Knotens „%3“ ab; alle Mitglieder teilen eine Konfiguration bis auf ihre Rolle</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: feature &quot;%2&quot; needs an enabled service &quot;%3&quot; with its config</source>
        <translation>Knoten „%1“: Feature „%2“ braucht einen aktivierten Dienst „%3“ mit seiner Konfiguration</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: service &quot;%2&quot; must be enabled for feature &quot;%3&quot;</source>
        <translation>Knoten „%1“: Dienst „%2“ muss für das Feature „%3“ aktiviert sein</translation>
    </message>
    <message>
        <source>network name &quot;%1&quot; %2</source>
        <translation>Netzname „%1“ %2</translation>
    </message>
    <message>
        <source>network name &quot;%1&quot; is used twice</source>
        <translation>Netzname „%1“ wird zweimal verwendet</translation>
    </message>
    <message>
        <source>network &quot;%1&quot;: %2</source>
        <translation>Netz „%1“: %2</translation>
    </message>
    <message>
        <source>network &quot;%1&quot; (%2) has no room for a gateway and a node</source>
        <translation>Netz „%1“ (%2) hat keinen Platz für ein Gateway und einen Knoten</translation>
    </message>
    <message>
        <source>gateway &quot;%1&quot; is not an IPv4 address</source>
        <translation>Gateway „%1“ ist keine IPv4-Adresse</translation>
    </message>
    <message>
        <source>gateway %1 is not a host address of %2</source>
        <translation>Gateway %1 ist keine Host-Adresse von %2</translation>
    </message>
    <message>
        <source>network &quot;%1&quot; is the default route but has no gateway</source>
        <translation>Netz „%1“ ist die Standardroute, hat aber kein Gateway</translation>
    </message>
    <message>
        <source>DNS server &quot;%1&quot; is not an IPv4 address</source>
        <translation>DNS-Server „%1“ ist keine IPv4-Adresse</translation>
    </message>
    <message>
        <source>%1 networks claim the default route; at most one may</source>
        <translation>%1 Netze beanspruchen die Standardroute; höchstens eines darf es</translation>
    </message>
    <message>
        <source>network &quot;%1&quot; (%2) overlaps network &quot;%3&quot; (%4)</source>
        <translation>Netz „%1“ (%2) überschneidet sich mit dem Netz „%3“ (%4)</translation>
    </message>
    <message>
        <source>node &quot;%1&quot; has no network interface</source>
        <translation>Knoten „%1“ hat keine Netzwerkschnittstelle</translation>
    </message>
    <message>
        <source>node &quot;%1&quot; is attached to unknown network &quot;%2&quot;</source>
        <translation>Knoten „%1“ hängt am unbekannten Netz „%2“</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: &quot;%2&quot; is not an IPv4 address</source>
        <translation>Knoten „%1“: „%2“ ist keine IPv4-Adresse</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: %2 is outside network &quot;%3&quot; (%4)</source>
        <translation>Knoten „%1“: %2 liegt außerhalb des Netzes „%3“ (%4)</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: %2 is the %3 address of %4</source>
        <translation>Knoten „%1“: %2 ist die %3-Adresse von %4</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: %2 is the gateway of &quot;%3&quot;</source>
        <translation>Knoten „%1“: %2 ist das Gateway von „%3“</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: %2 is already used by node &quot;%3&quot;</source>
        <translation>Knoten „%1“: %2 wird schon von Knoten „%3“ verwendet</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: %2 is also used by node &quot;%3&quot;</source>
        <translation>Knoten „%1“: %2 wird auch von Knoten „%3“ verwendet</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: disk id &quot;%2&quot; %3</source>
        <translation>Knoten „%1“: Platten-ID „%2“ %3</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: disk id &quot;%2&quot; is used twice</source>
        <translation>Knoten „%1“: Platten-ID „%2“ wird zweimal verwendet</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: disk kind &quot;%2&quot; is unknown (expected &quot;disk&quot;)</source>
        <translation>Knoten „%1“: Plattenart „%2“ ist unbekannt (erwartet: „disk“)</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: disk &quot;%2&quot; size %3 GB is not between 1 and 16384</source>
        <translation>Knoten „%1“: Größe %3 GB der Platte „%2“ liegt nicht zwischen 1 und 16384</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: disk bus &quot;%2&quot; is unknown (expected %3)</source>
        <translation>Knoten „%1“: Plattenbus „%2“ ist unbekannt (erwartet: %3)</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: disk &quot;%2&quot; has no serial; the guest finds it by its serial</source>
        <translation>Knoten „%1“: Platte „%2“ hat keine Seriennummer; der Gast findet sie an ihrer Seriennummer</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: serial &quot;%2&quot; has %3 characters; virtio-blk keeps only %4</source>
        <translation>Knoten „%1“: Seriennummer „%2“ hat %3 Zeichen; virtio-blk behält nur %4</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: serial &quot;%2&quot; must be printable ASCII without spaces</source>
        <translation>Knoten „%1“: Seriennummer „%2“ muss druckbares ASCII ohne Leerzeichen sein</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: serial &quot;%2&quot; is reserved for the disk that carries the run&apos;s secrets</source>
        <translation>Knoten „%1“: Seriennummer „%2“ ist der Platte mit den Geheimnissen des Laufs vorbehalten</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: serial &quot;%2&quot; is already used by %3</source>
        <translation>Knoten „%1“: Seriennummer „%2“ wird schon von %3 verwendet</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: serial &quot;%2&quot; is also used by disk &quot;%3&quot; of node &quot;%4&quot;</source>
        <translation>Knoten „%1“: Seriennummer „%2“ wird auch von Platte „%3“ des Knotens „%4“ verwendet</translation>
    </message>
    <message>
        <source>disk &quot;%1&quot; of node &quot;%2&quot;</source>
        <translation>Platte „%1“ des Knotens „%2“</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: base image &quot;%2&quot; is unknown (known: %3)</source>
        <translation>Knoten „%1“: Basisabbild „%2“ ist unbekannt (bekannt: %3)</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: min_memory_gb %2 is not between 1 and 1024</source>
        <translation>Knoten „%1“: min_memory_gb %2 liegt nicht zwischen 1 und 1024</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: min_cpu %2 is not between 1 and 256</source>
        <translation>Knoten „%1“: min_cpu %2 liegt nicht zwischen 1 und 256</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: feature &quot;%2&quot; is listed twice</source>
        <translation>Knoten „%1“: Feature „%2“ ist zweimal aufgeführt</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: unknown feature &quot;%2&quot;</source>
        <translation>Knoten „%1“: unbekanntes Feature „%2“</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: feature &quot;%2&quot; is not allowed for role &quot;%3&quot; (allowed: %4)</source>
        <translation>Knoten „%1“: Feature „%2“ ist für die Rolle „%3“ nicht erlaubt (erlaubt: %4)</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: feature &quot;%2&quot; needs feature &quot;%3&quot;</source>
        <translation>Knoten „%1“: Feature „%2“ braucht das Feature „%3“</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: package &quot;%2&quot; is installed at its pinned version by feature &quot;%3&quot;; remove it from packages%4</source>
        <translation>Knoten „%1“: Paket „%2“ wird in seiner festgelegten Version vom Feature „%3“ installiert; entfernen Sie es aus den Paketen%4</translation>
    </message>
    <message>
        <source> and add the feature if it is needed</source>
        <translation> und fügen Sie das Feature hinzu, falls es gebraucht wird</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: &quot;%2&quot; is not a Debian package name</source>
        <translation>Knoten „%1“: „%2“ ist kein Debian-Paketname</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: user name &quot;%2&quot; is invalid, reserved or used twice</source>
        <translation>Knoten „%1“: Benutzername „%2“ ist ungültig, reserviert oder doppelt vergeben</translation>
    </message>
    <message>
        <source>node &quot;%1&quot; has the ssh feature but no user with ssh: true; tests could not log in</source>
        <translation>Knoten „%1“ hat das Feature ssh, aber keinen Benutzer mit ssh: true; Tests könnten sich nicht anmelden</translation>
    </message>
    <message>
        <source>node &quot;%1&quot; overlaps node &quot;%2&quot; on the canvas</source>
        <translation>Knoten „%1“ überdeckt Knoten „%2“ auf der Zeichenfläche</translation>
    </message>
    <message>
        <source>lab name &quot;%1&quot; %2</source>
        <translation>Laborname „%1“ %2</translation>
    </message>
    <message>
        <source>node id &quot;%1&quot; is not a valid host name (lower-case letters, digits, inner dashes)</source>
        <translation>Knoten-ID „%1“ ist kein gültiger Hostname (Kleinbuchstaben, Ziffern, Bindestriche im Inneren)</translation>
    </message>
    <message>
        <source>node id &quot;%1&quot; is already used by node %2</source>
        <translation>Knoten-ID „%1“ wird schon von Knoten %2 verwendet</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: kind &quot;%2&quot; is unknown (known: %3)</source>
        <translation>Knoten „%1“: Art „%2“ ist unbekannt (bekannt: %3)</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: role &quot;%2&quot; is unknown (known: %3)</source>
        <translation>Knoten „%1“: Rolle „%2“ ist unbekannt (bekannt: %3)</translation>
    </message>
    <message>
        <source>warning &quot;%1&quot; has no id or text, or its id is used twice</source>
        <translation>Warnung „%1“ hat keine ID oder keinen Text, oder ihre ID wird zweimal verwendet</translation>
    </message>
    <message>
        <source>feature &quot;%1&quot; needs warning &quot;%2&quot;: %3</source>
        <translation>Feature „%1“ braucht die Warnung „%2“: %3</translation>
    </message>
    <message>
        <source>warning &quot;%1&quot; was changed; feature &quot;%2&quot; needs it word for word: %3</source>
        <translation>Warnung „%1“ wurde geändert; Feature „%2“ braucht sie wörtlich: %3</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: disk_serial &quot;%2&quot; is not the serial of a disk of this node</source>
        <translation>Knoten „%1“: disk_serial „%2“ ist nicht die Seriennummer einer Platte dieses Knotens</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: export_network %2 is not a network this node is on</source>
        <translation>Knoten „%1“: export_network %2 ist kein Netz, an dem dieser Knoten hängt</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: %2 &quot;%3&quot; must be 1 to 40 lower-case letters, digits or _ starting with a letter</source>
        <translation>Knoten „%1“: %2 „%3“ muss aus 1 bis 40 Kleinbuchstaben, Ziffern oder _ bestehen und mit einem Buchstaben beginnen</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: it has slurm-native as %2 but the config does not list it there</source>
        <translation>Knoten „%1“: er hat slurm-native als %2, aber die Konfiguration führt ihn dort nicht auf</translation>
    </message>
    <message>
        <source>Word the lab&apos;s required warnings as their features need them</source>
        <translation>Die nötigen Warnungen des Labors so fassen, wie ihre Funktionen sie verlangen</translation>
    </message>
    <message>
        <source>Add node &quot;%1&quot; to plan.kubernetes</source>
        <translation>Knoten „%1“ in plan.kubernetes aufnehmen</translation>
    </message>
    <message>
        <source>Remove &quot;%1&quot; from the plan&apos;s workers</source>
        <translation>„%1“ aus den Workern des Plans entfernen</translation>
    </message>
    <message>
        <source>Give node &quot;%1&quot; the %2 config its feature suggests, shared by every member</source>
        <translation>Knoten „%1“ die von seinem Feature vorgeschlagene %2-Konfiguration geben, geteilt von allen Mitgliedern</translation>
    </message>
    <message>
        <source>Move node &quot;%1&quot; to the free address %2</source>
        <translation>Knoten „%1“ auf die freie Adresse %2 legen</translation>
    </message>
    <message>
        <source>Give disk &quot;%1&quot; of node &quot;%2&quot; the free serial %3</source>
        <translation>Platte „%1“ des Knotens „%2“ die freie Seriennummer %3 geben</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: interfaces eth%2 and eth%3 are both on network &quot;%4&quot;</source>
        <translation>Knoten „%1“: die Schnittstellen eth%2 und eth%3 liegen beide im Netz „%4“</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: &quot;%2&quot; is not a pins lock image (component/name)</source>
        <translation>Knoten „%1“: „%2“ ist kein Image des Pins-Locks (Komponente/Name)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a registry host (docker.io, ghcr.io, host:port)</source>
        <translation>„%1“ ist kein Registry-Host (docker.io, ghcr.io, host:port)</translation>
    </message>
    <message>
        <source>the registry %1 has two mirrors</source>
        <translation>die Registry %1 hat zwei Spiegel</translation>
    </message>
    <message>
        <source>mirror endpoint &quot;%1&quot; is not an http:// or https:// URL</source>
        <translation>Spiegel-Endpunkt „%1“ ist keine http://- oder https://-URL</translation>
    </message>
    <message>
        <source>host name &quot;%1&quot; %2</source>
        <translation>Hostname „%1“ %2</translation>
    </message>
    <message>
        <source>host &quot;%1&quot;: the URI &quot;%2&quot; %3</source>
        <translation>Host „%1“: die URI „%2“ %3</translation>
    </message>
    <message>
        <source>host &quot;%1&quot;: fabric &quot;%2&quot; is not one of %3</source>
        <translation>Host „%1“: Netzaufbau „%2“ ist keiner von %3</translation>
    </message>
    <message>
        <source>host &quot;%1&quot;: tunnel port %2 is not a UDP port (1 to 65535)</source>
        <translation>Host „%1“: Tunnelport %2 ist kein UDP-Port (1 bis 65535)</translation>
    </message>
    <message>
        <source>host &quot;%1&quot; has no tunnel_address: with more than one host, each needs the address the others&apos; tunnels reach it at</source>
        <translation>Host „%1“ hat keine tunnel_address: bei mehr als einem Host braucht jeder die Adresse, unter der ihn die Tunnel der anderen erreichen</translation>
    </message>
    <message>
        <source>host &quot;%1&quot;: tunnel address &quot;%2&quot; is not an IPv4 address</source>
        <translation>Host „%1“: Tunneladresse „%2“ ist keine IPv4-Adresse</translation>
    </message>
    <message>
        <source>host &quot;%1&quot;: limits must be positive</source>
        <translation>Host „%1“: Grenzen müssen positiv sein</translation>
    </message>
    <message>
        <source>host name &quot;%1&quot; is used twice</source>
        <translation>Hostname „%1“ wird zweimal verwendet</translation>
    </message>
    <message>
        <source>host &quot;%1&quot;: another host already has the URI &quot;%2&quot;</source>
        <translation>Host „%1“: ein anderer Host hat schon die URI „%2“</translation>
    </message>
    <message>
        <source>host &quot;%1&quot;: another host already has the tunnel endpoint %2</source>
        <translation>Host „%1“: ein anderer Host hat schon den Tunnelendpunkt %2</translation>
    </message>
    <message>
        <source>node &quot;%1&quot; is placed on host &quot;%2&quot;, but the lab has no hosts</source>
        <translation>Knoten „%1“ ist auf Host „%2“ platziert, aber das Labor hat keine Hosts</translation>
    </message>
    <message>
        <source>node &quot;%1&quot; is placed on host &quot;%2&quot;, which is not one of the lab&apos;s hosts (%3)</source>
        <translation>Knoten „%1“ ist auf Host „%2“ platziert, der keiner der Hosts des Labors ist (%3)</translation>
    </message>
    <message>
        <source>link %1 - %2: there is no node &quot;%3&quot;</source>
        <translation>Verbindung %1 - %2: es gibt keinen Knoten „%3“</translation>
    </message>
    <message>
        <source>link %1 - %2: a node cannot be linked to itself</source>
        <translation>Verbindung %1 - %2: ein Knoten kann nicht mit sich selbst verbunden werden</translation>
    </message>
    <message>
        <source>link %1 - %2: the two nodes are already linked (links/%3)</source>
        <translation>Verbindung %1 - %2: die beiden Knoten sind schon verbunden (links/%3)</translation>
    </message>
    <message>
        <source>link %1 - %2 names no network: %3</source>
        <translation>Verbindung %1 - %2 nennt kein Netz: %3</translation>
    </message>
    <message>
        <source>the two nodes share none (attach one to a network of the other)</source>
        <translation>die beiden Knoten haben keines gemeinsam (schließen Sie einen an ein Netz des anderen an)</translation>
    </message>
    <message>
        <source>choose one both nodes are on</source>
        <translation>wählen Sie eines, an dem beide Knoten hängen</translation>
    </message>
    <message>
        <source>link %1 - %2: there is no network &quot;%3&quot;</source>
        <translation>Verbindung %1 - %2: es gibt kein Netz „%3“</translation>
    </message>
    <message>
        <source>link %1 - %2 is over %3, but %4 has no interface on it</source>
        <translation>Verbindung %1 - %2 läuft über %3, aber %4 hat dort keine Schnittstelle</translation>
    </message>
    <message>
        <source>host &quot;%1&quot;: the URI names a file on this machine with %2=; a lab file may not choose files for ssh to read or write (name them for this host in ~/.ssh/config: IdentityFile, UserKnownHostsFile)</source>
        <translation>Host „%1“: die URI nennt mit %2= eine Datei auf diesem Rechner; eine Labordatei darf keine Dateien wählen, die ssh liest oder schreibt (nennen Sie sie für diesen Host in ~/.ssh/config: IdentityFile, UserKnownHostsFile)</translation>
    </message>
    <message numerus="yes">
        <source>and %n more problem(s) of rule %1</source>
        <translation>
            <numerusform>und %n weiteres Problem der Regel %1</numerusform>
            <numerusform>und %n weitere Probleme der Regel %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and %n more network(s)</source>
        <translation>
            <numerusform> und %n weiteres Netz</numerusform>
            <numerusform> und %n weitere Netze</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and at least %n more node(s)</source>
        <translation>
            <numerusform> und mindestens %n weiteren Knoten</numerusform>
            <numerusform> und mindestens %n weitere Knoten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and %n more node(s)</source>
        <translation>
            <numerusform> und %n weiteren Knoten</numerusform>
            <numerusform> und %n weitere Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: &quot;%2&quot; ends with &quot;-&quot;, which apt reads as &quot;remove this package&quot;</source>
        <translation>Knoten „%1“: „%2“ endet mit „-“, was apt als „dieses Paket entfernen“ liest</translation>
    </message>
    <message>
        <source>%1 acts on the link to node &quot;%2&quot;, which does not exist</source>
        <translation>%1 wirkt auf die Verbindung zu Knoten „%2“, den es nicht gibt</translation>
    </message>
    <message>
        <source>%1: a link joins two nodes; the peer is the step&apos;s own node</source>
        <translation>%1: Eine Verbindung verbindet zwei Knoten; der Partner ist der eigene Knoten des Schritts</translation>
    </message>
    <message>
        <source>%1: %2 and %3 share %4 networks; name the link&apos;s network</source>
        <translation>%1: %2 und %3 teilen %4 Netze; nennen Sie das Netz der Verbindung</translation>
    </message>
    <message>
        <source>%1: %2 and %3 share no network%4</source>
        <translation>%1: %2 und %3 teilen kein Netz%4</translation>
    </message>
    <message>
        <source>node &quot;%1&quot; is on no network with nfs_server %2 (network %3)</source>
        <translation>Knoten „%1“ ist in keinem Netz mit nfs_server %2 (Netz %3)</translation>
    </message>
    <message>
        <source>node &quot;%1&quot; mounts from %2, which exports only to %3; its address %4 is not in it</source>
        <translation>Knoten „%1“ bindet von %2 ein, das nur an %3 exportiert; seine Adresse %4 liegt nicht darin</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 names %2, which is no node of this lab (renamed or removed since the step was written?); {{nodes:role=…}} and {{count:role=…}} follow the lab</source>
        <translation>%1 nennt %2, das kein Knoten dieses Labors ist (seit dem Schreiben des Schritts umbenannt oder entfernt?); {{nodes:role=…}} und {{count:role=…}} folgen dem Labor</translation>
    </message>
    <message>
        <source>%1 names %2, an address in the lab&apos;s networks that no node has (readdressed since the step was written?); {{ip:NODE}} follows the lab</source>
        <translation>%1 nennt %2, eine Adresse in den Netzen des Labors, die kein Knoten hat (seit dem Schreiben des Schritts umadressiert?); {{ip:NODE}} folgt dem Labor</translation>
    </message>
    <message>
        <source>%1 of its cluster run it</source>
        <translation>%1 in seinem Cluster führen es aus</translation>
    </message>
    <message>
        <source>its role runs it by default and the lab has the Kubernetes plan it needs</source>
        <translation>seine Rolle führt es standardmäßig aus, und das Labor hat den nötigen Kubernetes-Plan</translation>
    </message>
    <message>
        <source>node &quot;%1&quot; runs without %2 (%3): it is outside that cluster; Turn On adds it</source>
        <translation>Knoten „%1“ läuft ohne %2 (%3): er steht außerhalb dieses Clusters; Einschalten nimmt ihn auf</translation>
    </message>
    <message>
        <source>Turn on %1 on node &quot;%2&quot;</source>
        <translation>%1 auf Knoten „%2“ einschalten</translation>
    </message>
    <message>
        <source>Add node &quot;%1&quot; to plan.kubernetes&apos;s workers</source>
        <translation>Knoten „%1“ zu den Workern von plan.kubernetes hinzufügen</translation>
    </message>
    <message>
        <source>Take node &quot;%1&quot; off the %2 member lists</source>
        <translation>Knoten „%1“ aus den Mitgliederlisten von %2 nehmen</translation>
    </message>
    <message>
        <source>Turn on %1 on %2</source>
        <translation>%1 auf %2 einschalten</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: %2 names &quot;%3&quot; as a member, but &quot;%3&quot; does not run %4; turn %4 on there or take it off the list</source>
        <translation>Knoten „%1“: %2 nennt „%3“ als Mitglied, aber „%3“ führt %4 nicht aus; %4 dort einschalten oder ihn aus der Liste nehmen</translation>
    </message>
    <message>
        <source>node &quot;%1&quot;: %2 names &quot;%3&quot; as a compute node, but &quot;%3&quot; is not a worker of plan.kubernetes, where %4 runs its jobs</source>
        <translation>Knoten „%1“: %2 nennt „%3“ als Rechenknoten, aber „%3“ ist kein Worker von plan.kubernetes, wo %4 seine Jobs ausführt</translation>
    </message>
    <message>
        <source>%1 lists %2, but the lab&apos;s %3 nodes (%4) are now %5 (one added since the step was written?); {{nodes:%4}} and {{count:%4}} follow the lab</source>
        <translation>%1 nennt %2, aber die %3-Knoten des Labors (%4) sind jetzt %5 (seit dem Schreiben des Schritts einer hinzugekommen?); {{nodes:%4}} und {{count:%4}} folgen dem Labor</translation>
    </message>
    <message>
        <source>%1 %6 %2, how many nodes%3 the lab had before nodes were deleted; it now has %4; {{count%5}} follows the lab</source>
        <translation>%1 %6 %2, so viele Knoten%3 hatte das Labor vor dem Löschen von Knoten; jetzt hat es %4; {{count%5}} folgt dem Labor</translation>
    </message>
    <message>
        <source>runs with</source>
        <translation>läuft mit</translation>
    </message>
    <message>
        <source>expects</source>
        <translation>erwartet</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%1 durch %2</translation>
    </message>
    <message>
        <source>Replace %1 in step &quot;%2&quot;</source>
        <translation>%1 in Schritt „%2“ ersetzen</translation>
    </message>
    <message>
        <source>%1 with %2</source>
        <translation>%1 durch %2</translation>
    </message>
    <message>
        <source>the lab has no plan for it to join yet</source>
        <translation>das Labor hat noch keinen Plan, dem er beitreten kann</translation>
    </message>
    <message>
        <source>%1 on %2 (%3)</source>
        <translation>%1 auf %2 (%3)</translation>
    </message>
    <message>
        <source>%1 on %2 (%3): not yet, %4</source>
        <translation>%1 auf %2 (%3): noch nicht, %4</translation>
    </message>
    <message>
        <source>node &quot;%1&quot; runs without %2 (%3): it is outside that cluster; Turn On cannot add it yet: %4</source>
        <translation>Knoten „%1“ läuft ohne %2 (%3): er steht außerhalb dieses Clusters; Einschalten kann ihn noch nicht aufnehmen: %4</translation>
    </message>
    <message>
        <source>Take node &quot;%1&quot; out of plan.kubernetes&apos;s workers</source>
        <translation>Knoten „%1“ aus den Workern von plan.kubernetes nehmen</translation>
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
