package org.funssa.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.Tuple2;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.nio.file.Files;
import java.nio.file.Path;
import org.funssa.bench.history.SnapshotMemory;
import org.funssa.bench.scaling.Measurement;
import org.funssa.bench.scaling.Scaling;
import org.funssa.bench.scaling.ScalingHarness;
import org.funssa.bench.scaling.ScalingSettings;
import org.funssa.core.gen.Shape;
import org.funssa.cps.history.ProgramSize;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTest {

    /** A phase whose median time is nanosPerInstruction · n at every size; it allocates 64 bytes an instruction. */
    private static Scaling linear(String phase, String unit, Shape shape, double nanosPerInstruction) {
        Vector<Measurement> points = Vector.of(1_000L, 10_000L, 100_000L, 1_000_000L).map(n ->
                new Measurement(shape + "/" + n, n, n, n, Vector.of((long) (nanosPerInstruction * n)), Vector.of(0L),
                        Vector.of(64 * n)));
        return Scaling.of(phase, unit, shape, points, 10_000, 0.05);
    }

    /** A snapshot measurement whose History costs {@code ratio} copies of a 10 MB program. */
    private static SnapshotMemory.Measurement snapshots(String program, double ratio) {
        return new SnapshotMemory.Measurement(program, new ProgramSize(100_000, 20_000, 0, 0), 900, 1000, 10_000_000,
                (long) (ratio * 10_000_000), 10_000_000);
    }

    private static Target target(String claim) {
        return Target.ISSUE_6.find(t -> t.claim().startsWith(claim)).get();
    }

    @Test
    void targetsAreJudgedOnTheWorstVariantAndShape() {
        Vector<Scaling> results = Vector.of(linear("construct.prun", "instr", Shape.MIX, 100),
                linear("construct.cytron", "instr", Shape.LOOPS, 2000), linear("lir.parse", "instr", Shape.MIX, 1));
        Target.Verdict throughput = target("construction ≥").judge(results);
        assertThat(throughput.status()).isEqualTo(Target.Status.NOT_MET);
        assertThat(throughput.measured()).contains("500,000 instr/s", "construct.cytron", "LOOPS");
        Target.Verdict ratio = target("construction time").judge(results);
        assertThat(ratio.status()).isEqualTo(Target.Status.MET);
        assertThat(ratio.measured()).startsWith("10.00");
        assertThat(target("destruction ≥").judge(results).status()).isEqualTo(Target.Status.NOT_MEASURED);
        assertThat(target("interpreter").judge(results).measured()).contains("no phase interp");
        // The interpreter counts only runs of at least 10^7 operations: short ones time the setup.
        Scaling interp = Scaling.of("interp", "ops", Shape.MIX, Vector.of(new Measurement("MIX/1000", 1000, 1000,
                5_000, Vector.of(1_000_000L))), 10_000, 0.05);
        assertThat(target("interpreter").judge(Vector.of(interp)).status()).isEqualTo(Target.Status.NOT_MEASURED);
        Measurement bsort = new Measurement("WhiteBox2/bsort2", 300, 300, 50_000_000, Vector.of(100_000_000L));
        Target.Verdict fast = target("interpreter").judge(Vector.of(interp), Vector.of(new Tuple2<>("interp", bsort),
                new Tuple2<>("lir.parse", bsort)), Vector.empty());
        assertThat(fast.status()).isEqualTo(Target.Status.MET);
        assertThat(fast.measured()).startsWith("500,000,000 ops/s (worst of the 1 runs").contains("WhiteBox2/bsort2");
        assertThat(target("snapshots").judge(results).status()).isEqualTo(Target.Status.NOT_MEASURED);
        Target.Verdict snapshots = target("snapshots").judge(results, Vector.of(snapshots("mix", 1.5),
                snapshots("chain", 6)));
        assertThat(snapshots.status()).isEqualTo(Target.Status.MET);
        assertThat(snapshots.measured()).startsWith("1.50× (mix").contains("chain: 6.00×");
        assertThat(target("snapshots").judge(results, Vector.of(snapshots("chain", 6))).status())
                .isEqualTo(Target.Status.NOT_MET);
        assertThat(target("construction ≥").judge(Vector.of(linear("construct.prun", "instr", Shape.MIX, 100)))
                .status()).isEqualTo(Target.Status.MET);
    }

    @Test
    void markdownHasMachineCommandsTargetsExponentsPerPhaseTablesCorpusAndPlotLink() {
        ScalingSettings settings = ScalingSettings.defaults();
        Vector<Scaling> scalings = Vector.of(linear("lir.parse", "instr", Shape.MIX, 20),
                linear("lir.print", "instr", Shape.MIX, 2));
        Measurement corpus = new Measurement("TestFnami2/Ge7", 3408, 3408, 3408, Vector.of(34_080_000L));
        ScalingHarness.Result result = new ScalingHarness.Result(settings, scalings,
                Vector.of(new Tuple2<>("lir.parse", corpus)));
        Machine machine = new Machine("Test CPU", 2, "8.0 GiB", "4.0 GiB", "JDK 25", "Linux");
        ScalingReport report = new ScalingReport("2025-01-02", machine, Vector.of("bench/run-report"), result,
                "2025-01-02-scaling.svg", Option.none(), Vector.of(snapshots("mix", 0.75)));
        String md = report.markdown();
        assertThat(md).contains("# funssa benchmark report, 2025-01-02", "- CPU: Test CPU", "```\nbench/run-report\n```",
                "![time against size, log-log](2025-01-02-scaling.svg)",
                "| construction ≥ 1,000,000 LIR instructions/s | not yet measured: no phase construct.… is registered"
                        + " | not yet measured |",
                "| lir.parse | MIX | 1.000 |", "### lir.parse: LIR text to module",
                "| t(largest)/t(largest/10) | allocated, same ratio | flag |", "| 10.00 | 10.00 | ok |",
                "| MIX | 1,000,000 | 1,000,000 | 20.000 | 50,000,000 | 0 | 64.0 |",
                "| lir.parse | TestFnami2/Ge7 | 3,408 | 34.080 | 100,000 |",
                "| snapshots ≤ 2× one copy for 1,000 local rewrites | 0.75× (mix, 100,000 lets, 1000 snapshots) | met |",
                "## Snapshot memory", "1000 snapshots in a History: 7.5 MB = 0.75 x one copy");
        assertThat(report.plot().series()).hasSize(2);
    }

    @Test
    void readmeLinkIsReplacedInPlace() {
        String readme = "x\nNewest: <!-- newest-report -->none yet<!-- /newest-report -->\ny\n";
        assertThat(RunReport.linkNewest(readme, "reports/2025-01-02.md")).isEqualTo(
                "x\nNewest: <!-- newest-report -->[reports/2025-01-02.md](reports/2025-01-02.md)"
                        + "<!-- /newest-report -->\ny\n");
        assertThatThrownBy(() -> RunReport.linkNewest("no markers", "r.md")).hasMessageContaining("newest-report");
    }

    @Test
    void jmhCsvBecomesATableWithParameters(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("jmh.csv");
        Files.writeString(csv, """
                "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit","Param: program","Param: shape","Param: size"
                "org.funssa.bench.jmh.PhaseBench.corpus","avgt",1,10,53.143859,1.25,"ms/op",TestFnami2/Ge7,,
                "org.funssa.bench.jmh.PhaseBench.generated","avgt",1,10,20.281420,0.5,"ms/op",,MIX,1000
                """);
        Vector<String> table = JmhResults.read(csv).markdown();
        assertThat(table).hasSize(4);
        assertThat(table.get(2)).isEqualTo(
                "| jmh.PhaseBench.corpus | program=TestFnami2/Ge7 | avgt | 10 | 53.143859 | 1.25 | ms/op |");
        assertThat(table.get(3)).contains("| shape=MIX, size=1000 |");
    }
}
