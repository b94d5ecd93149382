import Foundation

/// A chart of one quantity of a run's light (exposure time, gain or brightness) over time,
/// with the sun's elevation on a second axis at the right: its line, the horizon marked, and
/// the time the sun was below it shaded. Inline SVG like ``SVGChart``; every label escaped.
package enum LightChart {
    /// How values map to the left axis, and its labelled ticks.
    package struct ValueAxis {
        /// The axis's data range (for a log axis, of log10 of the values).
        var scale: ChartScale
        var ticks: [(value: Double, label: String)]
        var isLog: Bool

        /// The coordinate of a value (nil for one a log axis cannot show).
        func position(_ value: Double) -> Double? {
            guard value.isFinite else { return nil }
            if isLog { return value > 0 ? scale.position(log10(value)) : nil }
            return scale.position(value)
        }

        /// A linear axis over `values` (and `including`), ticks labelled by `label`.
        package static func linear(_ values: [Double], including: [Double] = [0],
                                  label: (Double) -> String) -> ValueAxis {
            let scale = ChartScale(values: values + including, includingZero: false, from: LightChart.plotBottom, to: LightChart.plotTop)
            return ValueAxis(scale: scale, ticks: scale.ticks().map { ($0, label($0)) }, isLog: false)
        }

        /// A linear axis over exactly `range`.
        package static func fixed(_ range: ClosedRange<Double>, label: (Double) -> String) -> ValueAxis {
            let scale = ChartScale(lower: range.lowerBound, upper: range.upperBound, from: LightChart.plotBottom, to: LightChart.plotTop)
            return ValueAxis(scale: scale, ticks: scale.ticks().map { ($0, label($0)) }, isLog: false)
        }

        /// A log axis over whole decades around the positive `values`; ticks at each decade, and
        /// at 2 and 5 times it when the data span two decades or less.
        package static func logarithmic(_ values: [Double], label: (Double) -> String) -> ValueAxis {
            let positive = values.filter { $0 > 0 && $0.isFinite }
            var low = floor(log10(positive.min() ?? 1)), high = ceil(log10(positive.max() ?? 1))
            if high <= low { (low, high) = (low, low + 1) }
            let scale = ChartScale(lower: low, upper: high, from: LightChart.plotBottom, to: LightChart.plotTop)
            let steps: [Double] = high - low <= 2 ? [1, 2, 5] : [1]
            var ticks: [(Double, String)] = []
            for exponent in Int(low)...Int(high) {
                for step in steps where Double(exponent) + log10(step) <= high + 1e-9 {
                    let value = step * pow(10, Double(exponent))
                    ticks.append((log10(value), label(value)))
                }
            }
            return ValueAxis(scale: scale, ticks: ticks, isLog: true)
        }
    }

    package static let width = 640.0, height = 236.0
    static let plotLeft = 64.0, plotRight = 580.0, plotTop = 44.0, plotBottom = 200.0
    static let sunColour = "#d68910", nightColour = "#e3e8f2"

    /// The chart, or nil when `points` is empty.
    /// - Parameters:
    ///   - points: (seconds since the run started, value), in time order.
    ///   - sun: (seconds since the run started, elevation in degrees); may be empty.
    ///   - end: the run's length in seconds (the x axis ends there).
    package static func draw(title: String, name: String, colour: String, points: [(x: Double, y: Double)],
                            axis: ValueAxis, sun: [(x: Double, y: Double)], end: Double) -> String? {
        guard !points.isEmpty || !sun.isEmpty else { return nil }
        let time = TimeAxis(seconds: max(end, points.last?.x ?? 0, sun.last?.x ?? 0))
        let xScale = ChartScale(lower: 0, upper: time.end, from: plotLeft, to: plotRight)
        let x = { (seconds: Double) in xScale.position(seconds / time.divisor) }
        var body = ""
        let sunScale = sun.isEmpty ? nil : sunAxis(sun)
        if let sunScale { body += night(sun, x: x, sunScale: sunScale) }
        body += grid(axis)
        body += "<path class=\"axis\" d=\"M\(f(plotLeft)) \(f(plotTop)) V\(f(plotBottom)) H\(f(plotRight))\" fill=\"none\" stroke=\"#888\"/>"
        for tick in xScale.ticks(count: 8) {
            body += "<text x=\"\(f(xScale.position(tick)))\" y=\"\(f(plotBottom + 14))\" text-anchor=\"middle\">\(HTMLText.number(tick))</text>"
        }
        body += "<text x=\"\(f(plotRight))\" y=\"\(f(height - 4))\" text-anchor=\"end\">\(HTMLText.escape(time.label))</text>"
        var legend = points.isEmpty ? [] : [(name, colour, false)]
        if let sunScale {
            body += sunLines(sun, x: x, scale: sunScale)
            legend += [("sun elevation (°, right axis)", sunColour, false), ("sun below the horizon", nightColour, true)]
        }
        let line = points.compactMap { point in axis.position(point.y).map { (x(point.x), $0) } }
        body += polyline(line, colour: colour, width: 2, dots: line.count <= 120)
        return frame(title: title, body: body + legendRow(legend))
    }

    /// The sun's scale: its elevations and the horizon, with a margin.
    static func sunAxis(_ sun: [(x: Double, y: Double)]) -> ChartScale {
        let values = sun.map(\.y) + [0]
        let low = values.min() ?? -10, high = values.max() ?? 10
        let pad = max(2, (high - low) * 0.08)
        return ChartScale(lower: low - pad, upper: high + pad, from: LightChart.plotBottom, to: LightChart.plotTop)
    }

    /// Shading over the stretches when the sun was below the horizon (crossings interpolated).
    static func night(_ sun: [(x: Double, y: Double)], x: (Double) -> Double, sunScale: ChartScale) -> String {
        var stretches: [(Double, Double)] = []
        var start: Double? = sun.first.flatMap { $0.y < 0 ? $0.x : nil }
        for (a, b) in zip(sun, sun.dropFirst()) {
            guard (a.y < 0) != (b.y < 0) else { continue }
            let crossing = a.x + (b.x - a.x) * (a.y / (a.y - b.y))
            if let begun = start { stretches.append((begun, crossing)); start = nil } else { start = crossing }
        }
        if let begun = start, let last = sun.last { stretches.append((begun, last.x)) }
        return stretches.map { from, to in
            "<rect class=\"night\" x=\"\(f(x(from)))\" y=\"\(f(plotTop))\" width=\"\(f(max(0.5, x(to) - x(from))))\" "
                + "height=\"\(f(plotBottom - plotTop))\" fill=\"\(nightColour)\"/>"
        }.joined()
    }

    /// The sun's line, its axis at the right and the horizon: a dashed line labelled at the right.
    static func sunLines(_ sun: [(x: Double, y: Double)], x: (Double) -> Double, scale: ChartScale) -> String {
        var body = "<path d=\"M\(f(plotRight)) \(f(plotTop)) V\(f(plotBottom))\" stroke=\"\(sunColour)\" fill=\"none\"/>"
        for tick in scale.ticks(count: 5) {
            body += "<text x=\"\(f(plotRight + 4))\" y=\"\(f(scale.position(tick)))\" dominant-baseline=\"middle\" "
                + "fill=\"\(sunColour)\">\(HTMLText.number(tick))°</text>"
        }
        let horizon = f(scale.position(0))
        body += "<line class=\"horizon\" x1=\"\(f(plotLeft))\" x2=\"\(f(plotRight))\" y1=\"\(horizon)\" y2=\"\(horizon)\" "
            + "stroke=\"\(sunColour)\" stroke-dasharray=\"4 3\"/>"
            + "<text x=\"\(f(plotRight - 4))\" y=\"\(f(scale.position(0) - 4))\" text-anchor=\"end\" fill=\"\(sunColour)\">horizon</text>"
        return body + polyline(sun.map { (x($0.x), scale.position($0.y)) }, colour: sunColour, width: 1.5, dots: false)
    }

    static func grid(_ axis: ValueAxis) -> String {
        axis.ticks.filter { !$0.label.isEmpty }.map { tick in
            let y = f(axis.scale.position(tick.value))
            return "<line x1=\"\(f(plotLeft))\" x2=\"\(f(plotRight))\" y1=\"\(y)\" y2=\"\(y)\" stroke=\"#d0d0d0\"/>"
                + "<text x=\"\(f(plotLeft - 4))\" y=\"\(y)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(HTMLText.escape(tick.label))</text>"
        }.joined()
    }

    static func polyline(_ points: [(Double, Double)], colour: String, width: Double, dots: Bool) -> String {
        guard !points.isEmpty else { return "" }
        let path = points.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(f($0.element.0)) \(f($0.element.1))" }.joined(separator: " ")
        var body = "<path class=\"series\" d=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(f(width))\"/>"
        if dots { body += points.map { "<circle cx=\"\(f($0.0))\" cy=\"\(f($0.1))\" r=\"2\" fill=\"\(colour)\"/>" }.joined() }
        return body
    }

    static func legendRow(_ items: [(name: String, colour: String, isArea: Bool)]) -> String {
        var x = plotLeft, body = ""
        for item in items {
            body += item.isArea
                ? "<rect x=\"\(f(x))\" y=\"22\" width=\"18\" height=\"10\" fill=\"\(item.colour)\" stroke=\"#aab\"/>"
                : "<line x1=\"\(f(x))\" x2=\"\(f(x + 18))\" y1=\"27\" y2=\"27\" stroke=\"\(item.colour)\" stroke-width=\"2\"/>"
            body += "<text x=\"\(f(x + 22))\" y=\"27\" dominant-baseline=\"middle\">\(HTMLText.escape(item.name))</text>"
            x += 40 + Double(item.name.count) * 5.6
        }
        return body
    }

    static func f(_ value: Double) -> String { HTMLText.number(value, digits: 1) }

    static func frame(title: String, body: String) -> String {
        "<figure class=\"chart light\"><svg viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\" aria-label=\"\(HTMLText.escape(title))\">"
            + "<text class=\"title\" x=\"\(f(plotLeft))\" y=\"14\">\(HTMLText.escape(title))</text>\(body)</svg></figure>\n"
    }
}
